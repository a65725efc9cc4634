import type { AccountId } from '../../domain/ids';

/** Query keys of the seller's subscription, scoped by account so accounts never share cache. */
export const subscriptionKeys = {
  all: ['subscription'] as const,
  byAccount: (accountId: AccountId) => ['subscription', accountId] as const,
};
