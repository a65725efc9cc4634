import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { toDataError } from '../../data/errors';
import { renameUnit as renameUnitInTree } from './tree';
import { notifyFailure, useTreeCache } from './tree-cache';

/** rename_unit logs update_unit; a name already in the isle is refused (23505). */
export async function renameUnit(unitId: string, unitName: string) {
  const { error } = await supabase.rpc('rename_unit', { p_unit_id: unitId, p_unit_name: unitName });
  if (error) throw error;
}

export function unitNameInUse(unitName: string): string {
  return `A unit named ${unitName} is already in this isle`;
}

/** Renames at once on screen; names are unique per isle (case-insensitive, for import). */
export function useRenameUnit(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: ({ unitId, unitName }: { unitId: string; unitName: string }) =>
      renameUnit(unitId, unitName.trim()),
    onMutate: ({ unitId, unitName }) =>
      cache.apply((rooms) => renameUnitInTree(rooms, unitId, unitName.trim())),
    onError: (error, { unitName }, previous) => {
      cache.restore(previous);
      notifyFailure(error, planId, (detail) =>
        messages.genericError(
          toDataError(error).duplicate ? unitNameInUse(unitName.trim()) : detail,
        ),
      );
    },
    onSettled: () => cache.refresh(),
  });
}
