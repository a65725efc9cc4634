/** Query keys of the settings feature's own reads (the seller's two-factor factors). */
export const settingsKeys = {
  factors: (userId: string) => ['mfa-factors', userId] as const,
};
