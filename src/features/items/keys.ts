import { inventoryKeys } from '../storage';

/**
 * Query keys of the items, under the user's inventory root (see storage/keys.ts), so removing a
 * shelf or unit there also re-reads the items that went with it.
 */
export const itemKeys = {
  list: (userId: string) => [...inventoryKeys.root(userId), 'items'] as const,
  barcodeSearch: (userId: string, query: string) =>
    [...inventoryKeys.root(userId), 'item-search', 'barcode', query] as const,
};
