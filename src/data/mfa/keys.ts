/** Query keys of the seller's two-factor state (factors and this session's level), per user. */
export const mfaKeys = {
  factors: (userId: string) => ['mfa-factors', userId] as const,
};
