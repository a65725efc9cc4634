// The public face of the items feature; the pages import from here only. Its data is in
// src/data/items.
export { ItemsProvider, useItemActions } from './items-context';
export { ShelfItems, ItemHandleSlot } from './shelf-items';
export { unitsSeenFirst } from './first-screen';
export { ItemSearch } from './item-search';
export { ProductsTable } from './products-table';
export { LowStockTable } from './low-stock-table';
export type { HitLocation } from '../../data/items/search-hits';
