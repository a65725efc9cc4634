/** Query keys of the activity log, scoped by user so accounts never share cache. */
export const activityLogKeys = {
  all: ['activity-log'] as const,
  byUser: (userId: string) => ['activity-log', userId] as const,
  page: (userId: string, action: string, page: number) =>
    ['activity-log', userId, { action, page }] as const,
};
