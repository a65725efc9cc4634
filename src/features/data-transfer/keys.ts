/** Query keys of import and export, scoped by user so accounts never share cache. */
export const dataTransferKeys = {
  all: ['data-transfer'] as const,
  byUser: (userId: string) => ['data-transfer', userId] as const,
  storageTree: (userId: string) => ['data-transfer', userId, 'storage-tree'] as const,
  itemCount: (userId: string) => ['data-transfer', userId, 'item-count'] as const,
  dateFormat: (userId: string) => ['data-transfer', userId, 'date-format'] as const,
};
