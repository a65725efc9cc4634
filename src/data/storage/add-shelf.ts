import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { addShelf as addShelfToTree } from './tree';
import { useTreeCache } from './tree-cache';
import type { Shelf } from './types';
import type { AccountId } from '../../domain/ids';

/**
 * add_shelf numbers the shelf with the lowest unused index and logs add_shelf
 * (docs/product.md#storage).
 */
export async function addShelf(unitId: string): Promise<Shelf> {
  const { data, error } = await supabase.rpc('add_shelf', { p_unit_id: unitId });
  if (error) throw toDataError(error);
  return { shelf_id: data.shelf_id, shelf_index: data.shelf_index, unit_id: data.unit_id };
}

export function useAddShelfMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<Shelf, string> = {},
) {
  const cache = useTreeCache(accountId);
  return useMutation({
    mutationFn: (unitId: string) => addShelf(unitId),
    onSuccess: (shelf, unitId) => {
      cache.set((rooms) => addShelfToTree(rooms, shelf));
      onSuccess?.(shelf, unitId);
    },
    onError,
    onSettled: () => cache.refresh(),
  });
}
