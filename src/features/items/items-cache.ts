import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { itemKeys } from './keys';
import type { Item } from './types';

/**
 * The cached item list, for mutations. Writes put the server's row straight into the cache
 * instead of re-reading every item (5000 at Elite size) after each click.
 */
export function useItemsCache(userId: string) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = itemKeys.list(userId);
    return {
      read: () => queryClient.getQueryData<Item[]>(key),
      /**
       * An optimistic edit. In-flight reads of the list are cancelled first so their answer
       * cannot overwrite the guess; the cancelling takes effect at once, so the guess is written
       * in the same moment (not after awaiting it), which is what makes a drop show immediately.
       */
      apply(edit: (items: Item[]) => Item[]): Item[] | undefined {
        void queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<Item[]>(key);
        if (previous) queryClient.setQueryData<Item[]>(key, edit(previous));
        return previous;
      },
      set(edit: (items: Item[]) => Item[]) {
        queryClient.setQueryData<Item[]>(key, (items) => (items ? edit(items) : items));
      },
      restore(previous: Item[] | undefined) {
        if (previous) queryClient.setQueryData<Item[]>(key, previous);
      },
      refresh: () => queryClient.invalidateQueries({ queryKey: key }),
    };
  }, [queryClient, userId]);
}

/**
 * The cached item list, read straight from the query cache. A query observer (useQuery) hears of
 * a change one task later (react-query batches its notices behind a timeout); the cache tells
 * its own listeners at once. The shelves read through this, so an optimistic move is drawn in
 * the same task as the drop that caused it, not a task and often a frame later.
 */
export function useCachedItems(userId: string): Item[] | undefined {
  const queryClient = useQueryClient();
  const key = itemKeys.list(userId);
  const hash = hashKey(key);
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [queryClient, hash],
  );
  const read = () => queryClient.getQueryData<Item[]>(key);
  return useSyncExternalStore(subscribe, read, read);
}
