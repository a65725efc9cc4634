import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { sendOrQueue } from '../offline/outbox';
import { useItemsCache } from './items-cache';
import { patchItem, replaceItem, toItem } from './item-list';
import type { Item } from './types';
import type { AccountId } from '../../domain/ids';

export type ItemChanges = Partial<
  Pick<
    Item,
    'item_name' | 'quantity' | 'barcode' | 'sku' | 'price_paid' | 'expiry_date' | 'reorder_level'
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

/** The item as shown before each change (onMutate runs first), to describe a queued change. */
const shownBefore = new WeakMap<ItemUpdate, Item>();

/**
 * Edits, renames and quantity changes show at once and are rolled back if the server refuses;
 * the server's row then replaces the guess.
 */
export function useUpdateItemMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<Item, ItemUpdate> = {},
) {
  const cache = useItemsCache(accountId);
  return useMutation({
    // Offline (or no answer) the change is queued on the device and the screen keeps showing it.
    mutationFn: (input: ItemUpdate) => {
      const { itemId, changes } = input;
      const before = shownBefore.get(input);
      const shown = () => {
        const item = cache.read()?.find((existing) => existing.item_id === itemId);
        if (!item) throw new Error('The item is no longer on this device');
        return item;
      };
      return sendOrQueue(
        accountId,
        {
          kind: 'update',
          args: [itemId, { ...changes }],
          name: before?.item_name ?? shown().item_name,
          ...(before && Object.keys(changes).join() === 'quantity'
            ? { before: before.quantity }
            : {}),
        },
        () => updateItem(itemId, changes),
        shown,
      );
    },
    onMutate: (input) => {
      const previous = cache.apply((items) => patchItem(items, input.itemId, input.changes));
      const before = previous?.find((item) => item.item_id === input.itemId);
      if (before) shownBefore.set(input, before);
      return previous;
    },
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
