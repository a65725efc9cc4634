import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { notify } from '../../components/toasts';
import { AppError, errorMessage } from '../../lib/errors';
import type { ToastMessage } from '../../lib/messages';
import { inventoryKeys } from './keys';
import { planLimitToastFromError } from './storage-errors';
import type { Room } from './types';

/**
 * The cached storage tree, for mutations: apply an edit optimistically (keeping what to roll
 * back to), restore it on failure, and re-read from the server when done so the screen always
 * ends up showing what the database holds.
 */
export function useTreeCache(userId: string) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = inventoryKeys.tree(userId);
    return {
      read: () => queryClient.getQueryData<Room[]>(key) ?? [],
      /** Applies `edit` to the cached tree; returns the tree before, for `restore`. */
      async apply(edit: (rooms: Room[]) => Room[]): Promise<Room[] | undefined> {
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<Room[]>(key);
        if (previous) queryClient.setQueryData<Room[]>(key, edit(previous));
        return previous;
      },
      set(edit: (rooms: Room[]) => Room[]) {
        queryClient.setQueryData<Room[]>(key, (rooms) => (rooms ? edit(rooms) : rooms));
      },
      restore(previous: Room[] | undefined) {
        if (previous) queryClient.setQueryData<Room[]>(key, previous);
      },
      refresh: () => queryClient.invalidateQueries({ queryKey: key }),
      /** After removals that take items with them: the tree and the items. */
      refreshAll: () => queryClient.invalidateQueries({ queryKey: inventoryKeys.root(userId) }),
    };
  }, [queryClient, userId]);
}

/**
 * Shows the toast for a failed storage change: the one an AppError carries (pre-checks), the
 * plan-limit toast when the database refused with PLAN_LIMIT_REACHED, else `fallback` with the
 * server's message.
 */
export function notifyFailure(
  error: unknown,
  planId: string,
  fallback: (detail?: string) => ToastMessage,
): void {
  if (error instanceof AppError && error.toast) {
    notify(error.toast);
    return;
  }
  notify(planLimitToastFromError(error, planId) ?? fallback(errorMessage(error)));
}

/** A refusal decided in the browser before any request, carrying its catalogue toast. */
export function refusal(toast: ToastMessage): AppError {
  return new AppError(toast.message, { toast });
}
