import type { AccountId } from '../../domain/ids';

/** Query keys of shelf counts, scoped by account so accounts never share cache. */
export const countKeys = {
  notCounted: (accountId: AccountId, days: number) =>
    ['counts', accountId, 'not-counted', days] as const,
  account: (accountId: AccountId) => ['counts', accountId] as const,
};
