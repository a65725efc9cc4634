import type { AccountId } from '../domain/ids';

/**
 * The root of an account's inventory query keys. The storage tree (data/storage) and the items
 * (data/items) hang under it, so a change that removes both (a unit with its items)
 * invalidates them together, and nothing else.
 */
export const INVENTORY_KEY = 'inventory';

export function inventoryRoot(accountId: AccountId) {
  return [INVENTORY_KEY, accountId] as const;
}
