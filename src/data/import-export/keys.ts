import type { AccountId } from '../../domain/ids';

/** Query keys of import and export, scoped by account so accounts never share cache. */
export const importExportKeys = {
  all: ['import-export'] as const,
  byAccount: (accountId: AccountId) => ['import-export', accountId] as const,
  itemCount: (accountId: AccountId) => ['import-export', accountId, 'item-count'] as const,
};
