/** Query keys of the notifications, scoped by user so accounts never share cache. */
export const notificationKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  expiringItems: (userId: string, today: string) =>
    ['notifications', userId, 'expiring-items', today] as const,
  lowStock: (userId: string) => ['notifications', userId, 'low-stock'] as const,
  dismissals: (userId: string) => ['notifications', userId, 'dismissals'] as const,
};
