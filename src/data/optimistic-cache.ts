import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';

/**
 * One cached query, for mutations: apply an edit optimistically (keeping what to roll back to),
 * restore it on failure, or put the server's answer in, so the screen changes at the click and
 * ends up showing what the database holds.
 */
export function useOptimisticCache<T>(key: QueryKey) {
  const queryClient = useQueryClient();
  // The key is rebuilt on every render; its content is what identifies the cache entry.
  const stableKey = JSON.stringify(key);
  return useMemo(() => {
    const queryKey = JSON.parse(stableKey) as QueryKey;
    return {
      read: () => queryClient.getQueryData<T>(queryKey),
      /**
       * Applies `edit` and returns the value before, for `restore`. In-flight reads are cancelled
       * first so their answer cannot overwrite the guess; the cancelling takes effect at once,
       * so the guess is written in the same task (a drop shows immediately).
       */
      apply(edit: (value: T) => T): T | undefined {
        void queryClient.cancelQueries({ queryKey });
        const previous = queryClient.getQueryData<T>(queryKey);
        if (previous !== undefined) queryClient.setQueryData<T>(queryKey, edit(previous));
        return previous;
      },
      /** Puts the server's answer into the cached value, when there is one. */
      set(edit: (value: T) => T) {
        queryClient.setQueryData<T>(queryKey, (value) =>
          value === undefined ? value : edit(value),
        );
      },
      restore(previous: T | undefined) {
        if (previous !== undefined) queryClient.setQueryData<T>(queryKey, previous);
      },
      refresh: () => queryClient.invalidateQueries({ queryKey }),
    };
  }, [queryClient, stableKey]);
}
