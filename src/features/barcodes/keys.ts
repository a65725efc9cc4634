import { storageKeys } from '../../data/storage/keys';
import type { AccountId } from '../../domain/ids';

/**
 * Query keys of the barcodes feature. Items and shelves live under the inventory root
 * (src/features/storage/keys.ts); scans and generated codes change items, so the mutations here
 * invalidate that root and the inventory screen shows them at once.
 */
export const barcodeKeys = {
  inventory: (accountId: AccountId) => storageKeys.root(accountId),
};
