/** Query keys of the settings feature, scoped by user so accounts never share cache. */
export const settingsKeys = {
  all: ['preferences'] as const,
  preferences: (userId: string) => ['preferences', userId] as const,
  factors: (userId: string) => ['mfa-factors', userId] as const,
};
