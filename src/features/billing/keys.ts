/** Query keys of the billing feature, scoped by user so accounts never share cache. */
export const billingKeys = {
  all: ['billing'] as const,
  usage: (userId: string) => ['billing', 'usage', userId] as const,
};
