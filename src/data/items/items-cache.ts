import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useOptimisticCache } from '../optimistic-cache';
import { itemKeys } from './keys';
import type { Item } from './types';
import type { AccountId } from '../../domain/ids';

/** The cached item list, for mutations: writes put the server's row in instead of re-reading. */
export function useItemsCache(accountId: AccountId) {
  return useOptimisticCache<Item[]>(itemKeys.list(accountId));
}

/**
 * The cached item list, read straight from the query cache. A query observer (useQuery) hears of
 * a change one task later (react-query batches its notices behind a timeout); the cache tells
 * its own listeners at once. The shelves read through this, so an optimistic move is drawn in
 * the same task as the drop that caused it, not a task and often a frame later.
 */
export function useCachedItems(accountId: AccountId): Item[] | undefined {
  const queryClient = useQueryClient();
  const key = itemKeys.list(accountId);
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
