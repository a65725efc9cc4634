import { inventoryRoot } from '../inventory-keys';

/**
 * Query keys of the items, under the user's inventory root (shared with the storage tree), so
 * removing a shelf or unit there also re-reads the items that went with it.
 */
export const itemKeys = {
  list: (userId: string) => [...inventoryRoot(userId), 'items'] as const,
  barcodeSearch: (userId: string, query: string) =>
    [...inventoryRoot(userId), 'item-search', 'barcode', query] as const,
};
