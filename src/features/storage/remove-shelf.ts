import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { removeShelf as removeShelfFromTree, setUnitShelves } from './tree';
import { notifyFailure, useTreeCache } from './tree-cache';

/** remove_shelf removes the shelf and its items and returns the unit's shelves renumbered 1..n. */
export async function removeShelf(shelfId: string) {
  const { data, error } = await supabase.rpc('remove_shelf', { p_shelf_id: shelfId });
  if (error) throw error;
  return data.map((s) => ({
    shelf_id: s.shelf_id,
    shelf_index: s.shelf_index,
    unit_id: s.unit_id,
  }));
}

export function useRemoveShelf(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: ({ shelfId }: { shelfId: string; unitId: string }) => removeShelf(shelfId),
    onMutate: ({ shelfId }) => cache.apply((rooms) => removeShelfFromTree(rooms, shelfId)),
    onSuccess: (shelves, { unitId }) =>
      cache.set((rooms) => setUnitShelves(rooms, unitId, shelves)),
    onError: (error, _vars, previous) => {
      cache.restore(previous);
      notifyFailure(error, planId, messages.shelfRemove);
    },
    onSettled: () => cache.refreshAll(),
  });
}
