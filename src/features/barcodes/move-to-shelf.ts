import { useMoveItemsMutation } from '../../data/items/move-items';
import { useAccountId } from '../account';

/**
 * Put-away of an item the seller already has: scanning its code on a shelf moves it there
 * (the same move as a drag: move_items, logged as move_item, queued on the device offline)
 * instead of creating a second copy.
 */
export function useMoveItemToShelf() {
  const accountId = useAccountId();
  return useMoveItemsMutation(accountId);
}
