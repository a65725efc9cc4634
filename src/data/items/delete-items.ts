import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { useItemsCache } from './items-cache';
import { withoutItems } from './item-list';
import type { AccountId } from '../../domain/ids';

/** remove_items: all or none ('Item not found'), logged as remove_item. */
export async function deleteItems(itemIds: string[]): Promise<number> {
  const { data, error } = await supabase.rpc('remove_items', { p_item_ids: itemIds });
  if (error) throw toDataError(error);
  return data;
}

/** Gone from the screen at once; back if the server refuses. */
export function useDeleteItemsMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<number, string[]> = {},
) {
  const cache = useItemsCache(accountId);
  return useMutation({
    mutationFn: (itemIds: string[]) => deleteItems(itemIds),
    onMutate: (itemIds) => cache.apply((items) => withoutItems(items, itemIds)),
    onSuccess,
    onError: (error, itemIds, previous) => {
      cache.restore(previous);
      onError?.(error, itemIds);
    },
  });
}
