/**
 * Query keys of the team, scoped by user. The team screen's data follows the user's CURRENT
 * account, which the header switcher changes: everything under ['team', userId] is read again
 * after a switch, a join or a leave.
 */
export const teamKeys = {
  all: (userId: string) => ['team', userId] as const,
  members: (userId: string) => ['team', userId, 'members'] as const,
  currentAccount: (userId: string) => ['team', userId, 'current-account'] as const,
  invitations: (userId: string, accountId: string) =>
    ['team', userId, 'invitations', accountId] as const,
  mine: (userId: string) => ['team', userId, 'my-invitations'] as const,
  hasPassword: (userId: string) => ['team', userId, 'has-password'] as const,
};
