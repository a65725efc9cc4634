/**
 * Query keys of the inventory, scoped by user so accounts never share cache. The storage tree
 * and the items (src/features/items) hang under one root per user, so a change that removes
 * both (a unit with its items) can invalidate them together without either feature reaching
 * into the other's files.
 */
export const inventoryKeys = {
  all: ['inventory'] as const,
  root: (userId: string) => ['inventory', userId] as const,
  tree: (userId: string) => ['inventory', userId, 'tree'] as const,
};
