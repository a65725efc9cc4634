import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { removeShelf as removeShelfFromTree, setUnitShelves } from './tree';
import { useOptimisticTreeMutation } from './tree-cache';
import type { Shelf } from './types';
import type { AccountId } from '../../domain/ids';

export interface ShelfToRemove {
  shelfId: string;
  unitId: string;
}

/** remove_shelf removes the shelf and its items and returns the unit's shelves renumbered 1..n. */
export async function removeShelf(shelfId: string): Promise<Shelf[]> {
  const { data, error } = await supabase.rpc('remove_shelf', { p_shelf_id: shelfId });
  if (error) throw toDataError(error);
  return data.map(({ shelf_id, shelf_index, unit_id }) => ({ shelf_id, shelf_index, unit_id }));
}

export function useRemoveShelfMutation(
  accountId: AccountId,
  callbacks?: MutationCallbacks<Shelf[], ShelfToRemove>,
) {
  return useOptimisticTreeMutation(
    accountId,
    {
      mutationFn: ({ shelfId }: ShelfToRemove) => removeShelf(shelfId),
      edit: (rooms, { shelfId }) => removeShelfFromTree(rooms, shelfId),
      settle: (rooms, shelves, { unitId }) => setUnitShelves(rooms, unitId, shelves),
      withItems: true,
    },
    callbacks,
  );
}
