import type { AccountId } from '../../domain/ids';

/** Query keys of the notifications, scoped by account so accounts never share cache. */
export const notificationKeys = {
  all: (accountId: AccountId) => ['notifications', accountId] as const,
  expiringItems: (accountId: AccountId, today: string) =>
    ['notifications', accountId, 'expiring-items', today] as const,
  lowStock: (accountId: AccountId) => ['notifications', accountId, 'low-stock'] as const,
  dismissals: (accountId: AccountId) => ['notifications', accountId, 'dismissals'] as const,
};
