/** Query keys of the seller's backups, scoped by user so accounts never share cache. */
export const backupKeys = {
  list: (userId: string) => ['backups', userId] as const,
  deleted: (userId: string, backupId: string) => ['backups', userId, 'deleted', backupId] as const,
  restoreAllowed: (userId: string, planId: string) =>
    ['backups', userId, 'restore-allowed', planId] as const,
};
