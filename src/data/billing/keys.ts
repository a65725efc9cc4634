import type { AccountId } from '../../domain/ids';

/** Query keys of billing (usage against the plan), scoped by account so accounts never share. */
export const billingKeys = {
  all: ['billing'] as const,
  usage: (accountId: AccountId) => ['billing', 'usage', accountId] as const,
};
