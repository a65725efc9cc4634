import { INVENTORY_KEY, inventoryRoot } from '../inventory-keys';

/** Query keys of the storage tree, scoped by user so accounts never share cache. */
export const storageKeys = {
  all: [INVENTORY_KEY] as const,
  /** The tree and the items together: removing storage removes the items on it. */
  root: inventoryRoot,
  tree: (userId: string) => [...inventoryRoot(userId), 'tree'] as const,
};
