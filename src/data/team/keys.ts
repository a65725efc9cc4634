import type { AccountId, UserId } from '../../domain/ids';

/**
 * Query keys of the team, scoped by the USER (the person), not the account: the team screen's
 * data follows the user's CURRENT account, which the header switcher, a join or a leave
 * changes, and everything under ['team', userId] is read again after each.
 */
export const teamKeys = {
  all: (userId: UserId) => ['team', userId] as const,
  members: (userId: UserId) => ['team', userId, 'members'] as const,
  currentAccount: (userId: UserId) => ['team', userId, 'current-account'] as const,
  invitations: (userId: UserId, accountId: AccountId) =>
    ['team', userId, 'invitations', accountId] as const,
  mine: (userId: UserId) => ['team', userId, 'my-invitations'] as const,
  hasPassword: (userId: UserId) => ['team', userId, 'has-password'] as const,
};
