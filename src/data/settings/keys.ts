import type { AccountId } from '../../domain/ids';

/**
 * Query keys of the seller's preferences: one entry per account that every screen reads
 * (settings, inventory, import's date format, the 3D view's floor and colours).
 */
export const preferencesKeys = {
  all: ['preferences'] as const,
  detail: (accountId: AccountId) => ['preferences', accountId] as const,
};
