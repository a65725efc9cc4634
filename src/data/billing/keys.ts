/** Query keys of billing (usage against the plan), scoped by user so accounts never share cache. */
export const billingKeys = {
  all: ['billing'] as const,
  usage: (userId: string) => ['billing', 'usage', userId] as const,
};
