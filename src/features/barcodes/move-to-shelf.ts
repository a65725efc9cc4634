import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { supabase } from '../../lib/supabase';
import { barcodeKeys } from './keys';

/**
 * Put-away of an item the seller already has: scanning its code on a shelf moves it there
 * (public.move_items, logged as move_item) instead of creating a second copy.
 */
export async function moveItemToShelf(itemId: string, shelfId: string): Promise<void> {
  const { error } = await supabase.rpc('move_items', {
    p_item_ids: [itemId],
    p_shelf_id: shelfId,
  });
  if (error) throw error;
}

export function useMoveItemToShelf() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { itemId: string; shelfId: string }) =>
      moveItemToShelf(input.itemId, input.shelfId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: barcodeKeys.inventory(user?.id ?? '') }),
  });
}
