/**
 * The root of a user's inventory query keys. The storage tree (src/features/storage) and the
 * items (src/features/items) hang under it, so a change that removes both (a unit with its
 * items) invalidates them together; kept here, outside both features, so each builds its keys
 * without loading the other, as the page's start-up does before any screen has loaded.
 */
export const INVENTORY_KEY = 'inventory';

export function inventoryRoot(userId: string) {
  return [INVENTORY_KEY, userId] as const;
}
