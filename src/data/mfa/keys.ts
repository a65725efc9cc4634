import type { UserId } from '../../domain/ids';

/** Query keys of the seller's two-factor state (factors and this session's level), per user. */
export const mfaKeys = {
  factors: (userId: UserId) => ['mfa-factors', userId] as const,
};
