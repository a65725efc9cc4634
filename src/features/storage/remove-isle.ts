import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { removeIsle as removeIsleFromTree } from './tree';
import { notifyFailure, useTreeCache } from './tree-cache';

export async function removeIsle(isleId: string) {
  const { data, error } = await supabase.rpc('remove_isle', { p_isle_id: isleId });
  if (error) throw error;
  return data;
}

/** Removes an isle with its units, shelves and items; the room's isles renumber from 1. */
export function useRemoveIsle(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: (isleId: string) => removeIsle(isleId),
    onMutate: (isleId) => cache.apply((rooms) => removeIsleFromTree(rooms, isleId)),
    onError: (error, _isleId, previous) => {
      cache.restore(previous);
      // SPEC 8 lists remove-isle failures as logged; the seller also sees the isle come back,
      // so say why rather than leave them guessing.
      console.error('remove_isle failed', error);
      notifyFailure(error, planId, messages.isleDelete);
    },
    onSettled: () => cache.refreshAll(),
  });
}
