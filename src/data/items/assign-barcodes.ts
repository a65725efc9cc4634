import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { inventoryRoot } from '../inventory-keys';
import type { MutationCallbacks } from '../mutation-callbacks';
import type { AccountId } from '../../domain/ids';

/**
 * Gives the items that have no barcode a generated one (public.assign_barcodes): an EAN-13 in
 * GS1's in-store range, unique among the seller's codes, chosen by the database so two tabs
 * cannot hand out the same code. Returns how many items got one.
 */
export async function assignBarcodes(itemIds: readonly string[]): Promise<number> {
  const { data, error } = await supabase.rpc('assign_barcodes', { p_item_ids: [...itemIds] });
  if (error) throw toDataError(error);
  return data.filter((item) => item.barcode !== null).length;
}

/** The new codes show on the inventory and the labels at once: the inventory is read again. */
export function useAssignBarcodesMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<number, readonly string[]> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: readonly string[]) => assignBarcodes(itemIds),
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inventoryRoot(accountId) }),
  });
}
