import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { supabase } from '../../lib/supabase';
import { barcodeKeys } from './keys';

/**
 * Gives the items that have no barcode a generated one (public.assign_barcodes): an EAN-13 in
 * GS1's in-store range, unique among the seller's codes, chosen by the database so two tabs
 * cannot hand out the same code. Returns how many items got one.
 */
export async function assignBarcodes(itemIds: readonly string[]): Promise<number> {
  const { data, error } = await supabase.rpc('assign_barcodes', { p_item_ids: [...itemIds] });
  if (error) throw error;
  return data.filter((item) => item.barcode !== null).length;
}

export function useAssignBarcodes() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: readonly string[]) => assignBarcodes(itemIds),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: barcodeKeys.inventory(user?.id ?? '') }),
  });
}
