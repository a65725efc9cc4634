/** Query keys of the seller's subscription, scoped by user so accounts never share cache. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  byUser: (userId: string) => ['subscription', userId] as const,
};
