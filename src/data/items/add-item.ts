import { useMutation, useQueryClient } from '@tanstack/react-query';
import { canAdd } from '../../domain/plans';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { sendOrQueue } from '../offline/outbox';
import { cachedPlace, newTempId, shelfLabel } from '../offline/shelf-label';
import { planLimitToast } from '../storage/plan-limit';
import { refusal } from '../storage/tree-cache';
import { useItemsCache } from './items-cache';
import { prependItem, toItem } from './item-list';
import type { ItemFields } from './types';
import type { Item } from './types';
import type { AccountId } from '../../domain/ids';

/** add_item puts the item on the shelf and logs add_item; the item limit trigger may refuse. */
export async function addItem(shelfId: string, fields: ItemFields): Promise<Item> {
  const { data, error } = await supabase.rpc('add_item', {
    p_shelf_id: shelfId,
    p_item_name: fields.item_name,
    p_quantity: fields.quantity,
    ...(fields.barcode ? { p_barcode: fields.barcode } : {}),
    ...(fields.sku ? { p_sku: fields.sku } : {}),
    ...(fields.price_paid !== null ? { p_price_paid: fields.price_paid } : {}),
    ...(fields.expiry_date ? { p_expiry_date: fields.expiry_date } : {}),
    ...(fields.reorder_level !== null ? { p_reorder_level: fields.reorder_level } : {}),
  });
  if (error) throw toDataError(error);
  return toItem(data);
}

export interface NewItem {
  shelfId: string;
  fields: ItemFields;
}

/**
 * Adds an item, shown only once the server has it: a refused insert (plan limit, checked here
 * first and again by the database) leaves no phantom row behind. Offline it is shown at once
 * with a temporary id, and a refusal on catch-up goes to the seller's decisions.
 */
export function useAddItemMutation(
  accountId: AccountId,
  planId: string,
  { onSuccess, onError }: MutationCallbacks<Item, NewItem> = {},
) {
  const cache = useItemsCache(accountId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ shelfId, fields }: NewItem) => {
      const items = cache.read();
      if (items && !canAdd(planId, 'items', items.length))
        throw refusal(planLimitToast('items', planId));
      // Offline (or no answer) it is queued with a temporary id and shown at once; the
      // database checks the plan limit again when it is sent.
      const tempId = newTempId();
      return sendOrQueue(
        accountId,
        {
          kind: 'add',
          args: [shelfId, { ...fields }],
          tempId,
          place: shelfLabel(queryClient, accountId, shelfId),
        },
        () => addItem(shelfId, fields),
        (): Item => ({
          ...fields,
          item_id: tempId,
          shelf_id: shelfId,
          unit_id: cachedPlace(queryClient, accountId, shelfId)?.unit.unit_id ?? null,
          created_at: new Date().toISOString(),
        }),
      );
    },
    onSuccess: (item, input) => {
      cache.set((items) => prependItem(items, item));
      onSuccess?.(item, input);
    },
    onError,
  });
}
