import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/toasts';
import { messages } from '../../lib/messages';
import { supabase } from '../../lib/supabase';
import { useItemsCache } from '../items';
import { inventoryKeys } from '../storage';
import { locationsOf, moveToShelf, placeItems, type Location } from './move-list';

const MOVED_TOAST_ID = 'item-moved';

export interface MoveTarget {
  shelf_id: string;
  unit_id: string;
  room_id: string;
}

/** One atomic server call: move_items checks the shelf and items and logs move_item. */
export async function moveItems(
  itemIds: readonly string[],
  shelfId: string,
): Promise<Array<{ item_id: string; shelf_id: string | null; unit_id: string | null }>> {
  const { data, error } = await supabase.rpc('move_items', {
    p_item_ids: [...itemIds],
    p_shelf_id: shelfId,
  });
  if (error) throw error;
  return data;
}

export interface MoveVariables {
  itemIds: readonly string[];
  /** Names in the order dragged, for the success toast. */
  names: readonly string[];
  target: MoveTarget;
  /** Called once the optimistic guess is in the cache (the bench's paint probe starts here). */
  onShown?: () => void;
}

/**
 * A move shows at once (the items are put on the new shelf in the cached list) and is then
 * committed by move_items. Refused, only the moved items go back where they were, so a change
 * made meanwhile elsewhere is not undone, and 'Failed to update item location' shows.
 */
export function useMoveItems(userId: string) {
  const cache = useItemsCache(userId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemIds, target }: MoveVariables) => moveItems(itemIds, target.shelf_id),
    onMutate: ({ itemIds, target, onShown }) => {
      const origins = locationsOf(cache.read() ?? [], itemIds);
      cache.apply((items) => moveToShelf(items, itemIds, target));
      onShown?.();
      return { origins };
    },
    onSuccess: (rows, { itemIds, names }) => {
      // The server's word on where the items are; normally the same as the guess, so no row changes.
      const settled = new Map<string, Location>(
        rows.map((row) => [row.item_id, { shelf_id: row.shelf_id, unit_id: row.unit_id }]),
      );
      cache.set((items) => placeItems(items, settled));
      notify(
        itemIds.length === 1
          ? messages.itemMoved(names[0])
          : { ...messages.itemMoved(), message: `${itemIds.length} items were moved` },
        // One at a time: a seller moving stock shelf by shelf would otherwise stack a toast per
        // drop over the shelves at the bottom right, where the next drop goes.
        { id: MOVED_TOAST_ID },
      );
    },
    onError: (_error, _variables, context) => {
      if (context) cache.set((items) => placeItems(items, context.origins));
      // SPEC 8 names this message; the server's reason (e.g. 'Invalid location for item') would
      // mean nothing to the seller.
      notify(messages.itemLocation());
      // The shelf may be gone (removed in another tab): read the rooms again so the screen
      // stops offering it.
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.tree(userId) });
    },
  });
}
