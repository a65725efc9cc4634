import { INVENTORY_KEY, inventoryRoot } from '../inventory-keys';
import type { AccountId } from '../../domain/ids';

/** Query keys of the storage tree, scoped by account so accounts never share cache. */
export const storageKeys = {
  all: [INVENTORY_KEY] as const,
  /** The tree and the items together: removing storage removes the items on it. */
  root: inventoryRoot,
  tree: (accountId: AccountId) => [...inventoryRoot(accountId), 'tree'] as const,
};
