import type { AccountId } from '../../domain/ids';

/** Query keys of the account's item photos and their signed addresses. */
export const photoKeys = {
  root: (accountId: AccountId) => ['photos', accountId] as const,
  list: (accountId: AccountId) => ['photos', accountId, 'list'] as const,
  url: (accountId: AccountId, objectName: string) =>
    ['photos', accountId, 'url', objectName] as const,
};
