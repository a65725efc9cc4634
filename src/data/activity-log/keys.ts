import type { AccountId } from '../../domain/ids';

/** Query keys of the activity log, scoped by account so accounts never share cache. */
export const activityLogKeys = {
  all: ['activity-log'] as const,
  byAccount: (accountId: AccountId) => ['activity-log', accountId] as const,
  page: (accountId: AccountId, action: string, page: number) =>
    ['activity-log', accountId, { action, page }] as const,
};
