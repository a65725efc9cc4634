/**
 * Query keys of the seller's preferences: one entry per user that every screen reads (settings,
 * inventory, import's date format, the 3D view's floor and colours).
 */
export const preferencesKeys = {
  all: ['preferences'] as const,
  detail: (userId: string) => ['preferences', userId] as const,
};
