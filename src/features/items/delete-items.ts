import { useMutation } from '@tanstack/react-query';
import { messages } from '../../lib/messages';
import { supabase } from '../../lib/supabase';
import { notifyFailure } from '../storage';
import { useItemsCache } from './items-cache';
import { withoutItems } from './item-list';

/** remove_items: all or none ('Item not found'), logged as remove_item. */
export async function deleteItems(itemIds: string[]): Promise<number> {
  const { data, error } = await supabase.rpc('remove_items', { p_item_ids: itemIds });
  if (error) throw error;
  return data;
}

/** Gone from the screen at once; back with 'Delete Failed' if the server refuses. */
export function useDeleteItems(userId: string) {
  const cache = useItemsCache(userId);
  return useMutation({
    mutationFn: (itemIds: string[]) => deleteItems(itemIds),
    onMutate: (itemIds) => cache.apply((items) => withoutItems(items, itemIds)),
    onError: (error, _itemIds, previous) => {
      cache.restore(previous);
      notifyFailure(error, '', messages.itemDelete);
    },
  });
}
