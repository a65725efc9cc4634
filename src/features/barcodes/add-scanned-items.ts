import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { supabase } from '../../lib/supabase';
import { barcodeKeys } from './keys';

export interface ScannedItemInput {
  barcode: string;
  /** Blank lets the database name it from the seller's item with that code, or 'Scanned item <code>'. */
  item_name?: string;
}

export interface AddScannedResult {
  added: number;
  item_ids: string[];
}

/**
 * Adds scans to a shelf in one call (public.add_scanned_items): all or none, within the item
 * limit, refused by the database below Power Seller.
 */
export async function addScannedItems(
  shelfId: string,
  items: readonly ScannedItemInput[],
): Promise<AddScannedResult> {
  const { data, error } = await supabase.rpc('add_scanned_items', {
    p_shelf_id: shelfId,
    p_items: items.map((item) => ({
      barcode: item.barcode,
      ...(item.item_name?.trim() ? { item_name: item.item_name.trim() } : {}),
    })),
  });
  if (error) throw error;
  return data as unknown as AddScannedResult;
}

export function useAddScannedItems() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { shelfId: string; items: readonly ScannedItemInput[] }) =>
      addScannedItems(input.shelfId, input.items),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: barcodeKeys.inventory(user?.id ?? '') }),
  });
}
