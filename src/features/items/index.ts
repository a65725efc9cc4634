// The public face of the items feature; the pages import from here only.
export { itemKeys } from './keys';
export type { Item } from './types';
export { itemsQueryOptions, fetchAllItems, ITEM_PAGE_SIZE } from './get-items';
export { useItems } from './use-items';
export { ItemsProvider, useItemActions } from './items-context';
export { ShelfItems, ItemHandleSlot } from './shelf-items';
export { unitsSeenFirst } from './first-screen';
export { useItemsCache, useCachedItems } from './items-cache';
export { ItemSearch } from './item-search';
export { ProductsTable } from './products-table';
export type { HitLocation } from './search-hits';
