/** Query keys of import and export, scoped by user so accounts never share cache. */
export const dataTransferKeys = {
  all: ['data-transfer'] as const,
  byUser: (userId: string) => ['data-transfer', userId] as const,
  itemCount: (userId: string) => ['data-transfer', userId, 'item-count'] as const,
};
