import type { AccountId } from '../../domain/ids';

/** Query keys of undo, scoped by account so accounts never share cache. */
export const undoKeys = {
  all: ['undo'] as const,
  undoable: (accountId: AccountId) => ['undo', accountId, 'undoable'] as const,
};
