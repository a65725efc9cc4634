import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { useItemsCache } from '../items/items-cache';
import type { Item } from '../items/types';
import type { MutationCallbacks } from '../mutation-callbacks';
import { sendOrQueue } from '../offline/outbox';
import { shelfLabel } from '../offline/shelf-label';
import { inventoryRoot } from '../inventory-keys';
import { undoKeys } from '../undo/keys';
import { countKeys } from './keys';
import type { CountLine } from '../../domain/shelf-count';
import type { AccountId } from '../../domain/ids';

/** What apply_shelf_count answers; `change_id` is null when nothing changed, or queued offline. */
export interface AppliedCount {
  change_id: string | null;
  counted_at: string | null;
  missing: number;
  moved: number;
  changed: number;
  /** Kept on the device, sent when the connection is back. */
  queued?: boolean;
}

/**
 * apply_shelf_count: the count applied whole, or refused ('This shelf changed while you counted —
 * count again') with nothing changed.
 */
export async function applyShelfCount(
  shelfId: string,
  expected: readonly CountLine[],
  found: readonly CountLine[],
): Promise<AppliedCount> {
  const { data, error } = await supabase.rpc('apply_shelf_count', {
    p_shelf_id: shelfId,
    p_expected: expected.map(({ item_id, quantity }) => ({ item_id, quantity })),
    p_found: found.map(({ item_id, quantity }) => ({ item_id, quantity })),
  });
  if (error) throw toDataError(error);
  return data as unknown as AppliedCount;
}

/** The items as the count leaves them: what the screen shows until the database says. */
export function itemsAfterCount(
  items: readonly Item[],
  shelf: { shelf_id: string; unit_id: string },
  expected: readonly CountLine[],
  found: readonly CountLine[],
): Item[] {
  const counted = new Map(found.map((line) => [line.item_id, line.quantity]));
  const onShelf = new Set(expected.map((line) => line.item_id));
  return items.map((item) => {
    const quantity = counted.get(item.item_id);
    if (quantity !== undefined)
      return { ...item, quantity, shelf_id: shelf.shelf_id, unit_id: shelf.unit_id };
    if (onShelf.has(item.item_id) && item.shelf_id === shelf.shelf_id)
      return { ...item, quantity: 0 };
    return item;
  });
}

export interface CountVariables {
  shelf: { shelf_id: string; unit_id: string };
  expected: readonly CountLine[];
  found: readonly CountLine[];
}

/**
 * Applies a count. The items show the counted state at once; offline (or no answer) the count is
 * one queued change, sent as it is when the connection is back. Refused, the inventory is read
 * again so the screen shows the shelf as it is now.
 */
export function useApplyShelfCount(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<AppliedCount, CountVariables> = {},
) {
  const cache = useItemsCache(accountId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shelf, expected, found }: CountVariables) =>
      sendOrQueue<AppliedCount>(
        accountId,
        {
          kind: 'count',
          args: [shelf.shelf_id, [...expected], [...found]],
          place: shelfLabel(queryClient, accountId, shelf.shelf_id),
        },
        () => applyShelfCount(shelf.shelf_id, expected, found),
        () => ({
          change_id: null,
          counted_at: null,
          missing: 0,
          moved: 0,
          changed: 0,
          queued: true,
        }),
      ),
    onSuccess: (answer, variables) => {
      cache.apply((items) =>
        itemsAfterCount(items, variables.shelf, variables.expected, variables.found),
      );
      if (!answer.queued) {
        void queryClient.invalidateQueries({ queryKey: inventoryRoot(accountId) });
        void queryClient.invalidateQueries({ queryKey: countKeys.account(accountId) });
        void queryClient.invalidateQueries({ queryKey: undoKeys.undoable(accountId) });
      }
      onSuccess?.(answer, variables);
    },
    onError: (error, variables) => {
      void queryClient.invalidateQueries({ queryKey: inventoryRoot(accountId) });
      onError?.(error, variables);
    },
  });
}

export interface ShelfToCount {
  shelf_id: string;
  location: string;
  last_counted_at: string | null;
  item_count: number;
}

/** shelves_not_counted(days): shelves never counted or not in `days` days, never counted first. */
export async function fetchShelvesNotCounted(days: number): Promise<ShelfToCount[]> {
  const { data, error } = await supabase.rpc('shelves_not_counted', { p_days: days });
  if (error) throw toDataError(error, 'The shelves to count could not be loaded');
  return data;
}

export function useShelvesNotCounted(accountId: AccountId, days: number) {
  return useQuery({
    queryKey: countKeys.notCounted(accountId, days),
    queryFn: () => fetchShelvesNotCounted(days),
    enabled: Boolean(accountId),
  });
}
