import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { renameUnit as renameUnitInTree } from './tree';
import { useOptimisticTreeMutation } from './tree-cache';
import type { AccountId } from '../../domain/ids';

export interface UnitName {
  unitId: string;
  unitName: string;
}

/** rename_unit logs update_unit; a name already in the isle is refused (23505). */
export async function renameUnit(unitId: string, unitName: string) {
  const { error } = await supabase.rpc('rename_unit', { p_unit_id: unitId, p_unit_name: unitName });
  if (error) throw toDataError(error);
}

/** Renames at once on screen; names are unique per isle (case-insensitive, for import). */
export function useRenameUnitMutation(
  accountId: AccountId,
  callbacks?: MutationCallbacks<void, UnitName>,
) {
  return useOptimisticTreeMutation(
    accountId,
    {
      mutationFn: ({ unitId, unitName }: UnitName) => renameUnit(unitId, unitName.trim()),
      edit: (rooms, { unitId, unitName }) => renameUnitInTree(rooms, unitId, unitName.trim()),
    },
    callbacks,
  );
}
