import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { removeUnit as removeUnitFromTree } from './tree';
import { useOptimisticTreeMutation } from './tree-cache';
import type { AccountId } from '../../domain/ids';

export async function removeUnit(unitId: string) {
  const { data, error } = await supabase.rpc('remove_unit', { p_unit_id: unitId });
  if (error) throw toDataError(error);
  return data;
}

/**
 * Removes a unit with its shelves and items; the isle too when it was its last unit, and then
 * the room's isles renumber (remove_unit does it all in one transaction and logs it).
 */
export function useRemoveUnitMutation(
  accountId: AccountId,
  callbacks?: MutationCallbacks<unknown, string>,
) {
  return useOptimisticTreeMutation(
    accountId,
    { mutationFn: removeUnit, edit: removeUnitFromTree, withItems: true },
    callbacks,
  );
}
