import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AppError } from '../../lib/errors';
import type { ToastMessage } from '../../lib/messages';
import type { MutationCallbacks } from '../mutation-callbacks';
import { useOptimisticCache } from '../optimistic-cache';
import { storageKeys } from './keys';
import type { Room } from './types';
import type { AccountId } from '../../domain/ids';

/** The cached storage tree, for the storage mutations. */
export function useTreeCache(accountId: AccountId) {
  const queryClient = useQueryClient();
  const cache = useOptimisticCache<Room[]>(storageKeys.tree(accountId));
  return useMemo(
    () => ({
      ...cache,
      read: () => cache.read() ?? [],
      /** After removals that take items with them: the tree and the items. */
      refreshWithItems: () =>
        queryClient.invalidateQueries({ queryKey: storageKeys.root(accountId) }),
    }),
    [cache, queryClient, accountId],
  );
}

/** A refusal decided in the browser before any request, carrying its catalogue toast. */
export function refusal(toast: ToastMessage): AppError {
  return new AppError(toast.message, { toast });
}

/**
 * A storage change shown at once: `edit` is applied to the cached tree before the request and
 * undone if it fails; afterwards the tree (and with `withItems`, the items) is read again.
 */
export function useOptimisticTreeMutation<TData, TVariables>(
  accountId: AccountId,
  change: {
    mutationFn: (variables: TVariables) => Promise<TData>;
    edit: (rooms: Room[], variables: TVariables) => Room[];
    /** Puts the server's answer into the tree. */
    settle?: (rooms: Room[], data: TData, variables: TVariables) => Room[];
    withItems?: boolean;
  },
  { onSuccess, onError }: MutationCallbacks<TData, TVariables> = {},
) {
  const cache = useTreeCache(accountId);
  return useMutation({
    mutationFn: change.mutationFn,
    onMutate: (variables: TVariables) => cache.apply((rooms) => change.edit(rooms, variables)),
    onSuccess: (data, variables) => {
      const { settle } = change;
      if (settle) cache.set((rooms) => settle(rooms, data, variables));
      onSuccess?.(data, variables);
    },
    onError: (error, variables, previous) => {
      cache.restore(previous);
      onError?.(error, variables);
    },
    onSettled: () => (change.withItems ? cache.refreshWithItems() : cache.refresh()),
  });
}
