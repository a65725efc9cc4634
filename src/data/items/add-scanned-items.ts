import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { inventoryRoot } from '../inventory-keys';
import type { MutationCallbacks } from '../mutation-callbacks';

export interface ScannedItemInput {
  barcode: string;
  /** Blank lets the database name it from the seller's item with that code, or 'Scanned item <code>'. */
  item_name?: string;
  /** How many were scanned; 1 when absent. */
  quantity?: number;
  /** The seller's item to raise by `quantity` instead of adding a new one. */
  item_id?: string;
}

export interface AddScannedResult {
  added: number;
  /** Scans that raised an item the seller already had. */
  increased?: number;
  /** In scan order, the item each scan went to. */
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
      ...(item.quantity !== undefined && item.quantity !== 1 ? { quantity: item.quantity } : {}),
      ...(item.item_id ? { item_id: item.item_id } : {}),
    })),
  });
  if (error) throw toDataError(error);
  return data as unknown as AddScannedResult;
}

export interface ScannedItemsToAdd {
  shelfId: string;
  items: readonly ScannedItemInput[];
}

/** Scans change items and shelves: the whole inventory (tree and items) is read again. */
export function useAddScannedItemsMutation(
  userId: string,
  { onSuccess, onError }: MutationCallbacks<AddScannedResult, ScannedItemsToAdd> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScannedItemsToAdd) => addScannedItems(input.shelfId, input.items),
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryRoot(userId) }),
  });
}
