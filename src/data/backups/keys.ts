import type { AccountId } from '../../domain/ids';

/** Query keys of the account's backups, scoped by account so accounts never share cache. */
export const backupKeys = {
  list: (accountId: AccountId) => ['backups', accountId] as const,
  deleted: (accountId: AccountId, backupId: string) =>
    ['backups', accountId, 'deleted', backupId] as const,
  restoreAllowed: (accountId: AccountId, planId: string) =>
    ['backups', accountId, 'restore-allowed', planId] as const,
};
