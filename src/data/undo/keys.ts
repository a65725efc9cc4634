/** Query keys of undo, scoped by user so accounts never share cache. */
export const undoKeys = {
  all: ['undo'] as const,
  undoable: (userId: string) => ['undo', userId, 'undoable'] as const,
};
