import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { sendOrQueue } from '../offline/outbox';
import { shelfLabel } from '../offline/shelf-label';
import { storageKeys } from '../storage/keys';
import { useItemsCache } from './items-cache';
import { locationsOf, moveToShelf, placeItems, type Location } from './move-list';
import type { AccountId } from '../../domain/ids';

export interface MoveTarget {
  shelf_id: string;
  unit_id: string;
  room_id: string;
}

export interface MovedRow {
  item_id: string;
  shelf_id: string | null;
  unit_id: string | null;
}

/** One atomic server call: move_items checks the shelf and items and logs move_item. */
export async function moveItems(itemIds: readonly string[], shelfId: string): Promise<MovedRow[]> {
  const { data, error } = await supabase.rpc('move_items', {
    p_item_ids: [...itemIds],
    p_shelf_id: shelfId,
  });
  if (error) throw toDataError(error);
  return data;
}

export interface MoveVariables {
  itemIds: readonly string[];
  /** Names in the order dragged, for the success toast. */
  names: readonly string[];
  target: MoveTarget;
}

/**
 * A move shows at once (the items are put on the new shelf in the cached list) and is then
 * committed by move_items. Refused, only the moved items go back where they were, so a change
 * made meanwhile elsewhere is not undone; the rooms are read again, as the shelf may be gone.
 */
export function useMoveItemsMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<MovedRow[], MoveVariables> = {},
) {
  const cache = useItemsCache(accountId);
  const queryClient = useQueryClient();
  return useMutation({
    // Offline (or no answer) the move is queued on the device and stays on the screen.
    mutationFn: ({ itemIds, names, target }: MoveVariables) =>
      sendOrQueue(
        accountId,
        {
          kind: 'move',
          args: [[...itemIds], target.shelf_id],
          names: [...names],
          place: shelfLabel(queryClient, accountId, target.shelf_id),
        },
        () => moveItems(itemIds, target.shelf_id),
        () =>
          itemIds.map((item_id) => ({
            item_id,
            shelf_id: target.shelf_id,
            unit_id: target.unit_id,
          })),
      ),
    onMutate: ({ itemIds, target }) => {
      const origins = locationsOf(cache.read() ?? [], itemIds);
      cache.apply((items) => moveToShelf(items, itemIds, target));
      return { origins };
    },
    onSuccess: (rows, variables) => {
      // The server's word on where the items are; normally the same as the guess, so no row changes.
      const settled = new Map<string, Location>(
        rows.map((row) => [row.item_id, { shelf_id: row.shelf_id, unit_id: row.unit_id }]),
      );
      cache.set((items) => placeItems(items, settled));
      onSuccess?.(rows, variables);
    },
    onError: (error, variables, context) => {
      if (context) cache.set((items) => placeItems(items, context.origins));
      void queryClient.invalidateQueries({ queryKey: storageKeys.tree(accountId) });
      onError?.(error, variables);
    },
  });
}
