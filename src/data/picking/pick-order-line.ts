import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { patchItem } from '../items/item-list';
import { useItemsCache } from '../items/items-cache';
import type { MutationCallbacks } from '../mutation-callbacks';
import { pickingKeys } from './keys';
import { pickKey, type OrderPick, type SkuLink } from './order-picks';
import type { AccountId } from '../../domain/ids';

export interface PickInput {
  orderId: string;
  lineItemId: string;
  itemId: string;
  quantity: number;
}

export interface UnpickInput {
  orderId: string;
  lineItemId: string;
}

/** pick_order_line: the line is picked and the item's quantity goes down, in one transaction. */
export async function pickOrderLine(input: PickInput): Promise<OrderPick> {
  const { data, error } = await supabase.rpc('pick_order_line', {
    p_order_id: input.orderId,
    p_line_item_id: input.lineItemId,
    p_item_id: input.itemId,
    p_quantity: input.quantity,
  });
  if (error) throw toDataError(error);
  return data;
}

/** unpick_order_line: the quantity goes back; the item as it is now (null when it is gone). */
export async function unpickOrderLine(input: UnpickInput) {
  const { data, error } = await supabase.rpc('unpick_order_line', {
    p_order_id: input.orderId,
    p_line_item_id: input.lineItemId,
  });
  if (error) throw toDataError(error);
  return data as { item_id: string | null; quantity: number } | null;
}

export async function linkSku(sku: string, itemId: string): Promise<SkuLink> {
  const { data, error } = await supabase.rpc('link_sku', { p_sku: sku, p_item_id: itemId });
  if (error) throw toDataError(error);
  return data;
}

const sameLine = (pick: OrderPick, line: UnpickInput) =>
  pickKey(pick.order_id, pick.line_item_id) === pickKey(line.orderId, line.lineItemId);

/** Picks a line; the picks and the item's quantity in the cache follow the server's answer. */
export function usePickOrderLine(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<OrderPick, PickInput> = {},
) {
  const queryClient = useQueryClient();
  const items = useItemsCache(accountId);
  return useMutation({
    mutationFn: pickOrderLine,
    onSuccess: (pick, input) => {
      queryClient.setQueryData<OrderPick[]>(pickingKeys.picks(accountId), (picks) => [
        pick,
        ...(picks ?? []).filter((p) => !sameLine(p, input)),
      ]);
      const item = items.read()?.find((i) => i.item_id === input.itemId);
      if (item)
        items.set((list) =>
          patchItem(list, input.itemId, { quantity: item.quantity - input.quantity }),
        );
      onSuccess?.(pick, input);
    },
    onError: (error, input) => {
      // Another device may have picked it, or the item changed: show what the database holds.
      void queryClient.invalidateQueries({ queryKey: pickingKeys.picks(accountId) });
      void items.refresh();
      onError?.(error, input);
    },
  });
}

export function useUnpickOrderLine(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<unknown, UnpickInput> = {},
) {
  const queryClient = useQueryClient();
  const items = useItemsCache(accountId);
  return useMutation({
    mutationFn: unpickOrderLine,
    onSuccess: (item, input) => {
      queryClient.setQueryData<OrderPick[]>(pickingKeys.picks(accountId), (picks) =>
        (picks ?? []).filter((p) => !sameLine(p, input)),
      );
      if (item?.item_id)
        items.set((list) => patchItem(list, item.item_id!, { quantity: item.quantity }));
      onSuccess?.(item, input);
    },
    onError: (error, input) => {
      void queryClient.invalidateQueries({ queryKey: pickingKeys.picks(accountId) });
      onError?.(error, input);
    },
  });
}

export interface LinkInput {
  sku: string;
  itemId: string;
}

export function useLinkSku(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<SkuLink, LinkInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sku, itemId }: LinkInput) => linkSku(sku, itemId),
    onSuccess: (link, input) => {
      queryClient.setQueryData<SkuLink[]>(pickingKeys.links(accountId), (links) => [
        link,
        ...(links ?? []).filter((l) => l.sku !== link.sku),
      ]);
      onSuccess?.(link, input);
    },
    onError,
  });
}
