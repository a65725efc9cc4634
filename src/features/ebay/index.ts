// The public face of the eBay feature; pages and other features import from here only. Its
// data is in src/data/ebay (and src/data/picking for the orders' pick list).
export { EbayListingsPanel } from './listings-panel';
export { EbayOrdersScreen } from './orders-screen';
export { EbayCheckScreen } from './ebay-check-screen';
export { IntegrationsScreen } from './integrations-screen';
export { EbayCallbackScreen } from './callback-screen';
export { usePlaceListing } from './listings';
export type { EbayListing } from '../../data/ebay/listings';
