/** Query keys of import and export, scoped by user so accounts never share cache. */
export const importExportKeys = {
  all: ['import-export'] as const,
  byUser: (userId: string) => ['import-export', userId] as const,
  itemCount: (userId: string) => ['import-export', userId, 'item-count'] as const,
};
