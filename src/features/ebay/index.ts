// The public face of the eBay feature; pages and other features import from here only.
export { EbayListingsPanel } from './listings-panel';
export { EbayOrdersScreen } from './orders-screen';
export { IntegrationsScreen } from './integrations-screen';
export { EbayCallbackScreen } from './callback-screen';
export { usePlaceListing, useListings, type EbayListing } from './listings';
export { useEbayConnection } from './connection';
export { ebayKeys } from '../../data/ebay/keys';
