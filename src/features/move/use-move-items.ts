import { notify } from '../../components/toasts';
import { useMoveItemsMutation } from '../../data/items/move-items';
import { messages } from '../../lib/messages';
import { useUndoOffer } from '../undo';
import type { AccountId } from '../../domain/ids';

const MOVED_TOAST_ID = 'item-moved';

/**
 * A drag-and-drop move with its toasts: 'Item Moved' offering Undo, or 'Failed to update item
 * location' (docs/product.md#moving-items).
 */
export function useMoveItems(accountId: AccountId) {
  const offerUndo = useUndoOffer(accountId);
  return useMoveItemsMutation(accountId, {
    onSuccess: (_rows, { itemIds, names }) =>
      offerUndo(
        itemIds.length === 1
          ? messages.itemMoved(names[0])
          : { ...messages.itemMoved(), message: `${itemIds.length} items were moved` },
        'move_items',
        // One at a time: a seller moving stock shelf by shelf would otherwise stack a toast per
        // drop over the shelves at the bottom right, where the next drop goes.
        { id: MOVED_TOAST_ID },
      ),
    // The server's reason (e.g. 'Invalid location for item') would mean nothing to the seller.
    onError: () => notify(messages.itemLocation()),
  });
}
