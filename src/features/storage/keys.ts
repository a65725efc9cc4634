import { INVENTORY_KEY, inventoryRoot } from '../../lib/inventory-keys';

/**
 * Query keys of the inventory, scoped by user so accounts never share cache. The storage tree
 * and the items (src/features/items) hang under one root per user, so a change that removes
 * both (a unit with its items) can invalidate them together without either feature reaching
 * into the other's files.
 */
export const inventoryKeys = {
  all: [INVENTORY_KEY] as const,
  root: inventoryRoot,
  tree: (userId: string) => [...inventoryRoot(userId), 'tree'] as const,
};
