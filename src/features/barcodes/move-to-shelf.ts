import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moveItems } from '../../data/items/move-items';
import { useAuth } from '../auth';
import { barcodeKeys } from './keys';

/**
 * Put-away of an item the seller already has: scanning its code on a shelf moves it there
 * (the same move_items call as a drag, logged as move_item) instead of creating a second copy.
 */
export function useMoveItemToShelf() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: string; shelfId: string }) =>
      moveItems([input.itemId], input.shelfId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: barcodeKeys.inventory(user?.id ?? '') }),
  });
}
