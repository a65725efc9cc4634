import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { useItemsCache } from './items-cache';
import { patchItem, replaceItem, toItem } from './item-list';
import type { Item } from './types';

export type ItemChanges = Partial<
  Pick<Item, 'item_name' | 'quantity' | 'barcode' | 'sku' | 'price_paid' | 'expiry_date' | 'reorder_level'
  >
>;

/** update_item changes only the given fields and logs update_item naming what changed. */
export async function updateItem(itemId: string, changes: ItemChanges): Promise<Item> {
  const { data, error } = await supabase.rpc('update_item', {
    p_item_id: itemId,
    p_changes: changes,
  });
  if (error) throw toDataError(error);
  return toItem(data);
}

function showsChanges(item: Item, changes: ItemChanges): boolean {
  return (Object.keys(changes) as (keyof ItemChanges)[]).every((key) => item[key] === changes[key]);
}

export interface ItemUpdate {
  itemId: string;
  changes: ItemChanges;
}

/**
 * Edits, renames and quantity changes show at once and are rolled back if the server refuses;
 * the server's row then replaces the guess.
 */
export function useUpdateItemMutation(
  userId: string,
  { onSuccess, onError }: MutationCallbacks<Item, ItemUpdate> = {},
) {
  const cache = useItemsCache(userId);
  return useMutation({
    mutationFn: ({ itemId, changes }: ItemUpdate) => updateItem(itemId, changes),
    onMutate: ({ itemId, changes }) => cache.apply((items) => patchItem(items, itemId, changes)),
    onSuccess: (item, input) => {
      // Keep a newer optimistic change (a second + click already on its way): take the server's
      // row only while the screen still shows what this call sent.
      cache.set((items) => {
        const shown = items.find((existing) => existing.item_id === item.item_id);
        return shown && showsChanges(shown, input.changes) ? replaceItem(items, item) : items;
      });
      onSuccess?.(item, input);
    },
    onError: (error, input, previous) => {
      cache.restore(previous);
      onError?.(error, input);
    },
  });
}
