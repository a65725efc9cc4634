import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { removeIsle as removeIsleFromTree } from './tree';
import { useOptimisticTreeMutation } from './tree-cache';
import type { AccountId } from '../../domain/ids';

export async function removeIsle(isleId: string) {
  const { data, error } = await supabase.rpc('remove_isle', { p_isle_id: isleId });
  if (error) throw toDataError(error);
  return data;
}

/** Removes an isle with its units, shelves and items; the room's isles renumber from 1. */
export function useRemoveIsleMutation(
  accountId: AccountId,
  callbacks?: MutationCallbacks<unknown, string>,
) {
  return useOptimisticTreeMutation(
    accountId,
    { mutationFn: removeIsle, edit: removeIsleFromTree, withItems: true },
    callbacks,
  );
}
