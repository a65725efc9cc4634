import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { removeUnit as removeUnitFromTree } from './tree';
import { notifyFailure, useTreeCache } from './tree-cache';

export async function removeUnit(unitId: string) {
  const { data, error } = await supabase.rpc('remove_unit', { p_unit_id: unitId });
  if (error) throw error;
  return data;
}

/**
 * Removes a unit with its shelves and items; the isle too when it was its last unit, and then
 * the room's isles renumber (remove_unit does it all in one transaction and logs it).
 */
export function useRemoveUnit(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: (unitId: string) => removeUnit(unitId),
    onMutate: (unitId) => cache.apply((rooms) => removeUnitFromTree(rooms, unitId)),
    onError: (error, _unitId, previous) => {
      cache.restore(previous);
      notifyFailure(error, planId, messages.unitDelete);
    },
    onSettled: () => cache.refreshAll(),
  });
}
