import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { removeRoom as removeRoomFromTree } from './tree';
import { useOptimisticTreeMutation } from './tree-cache';
import type { AccountId } from '../../domain/ids';

export async function removeRoom(roomId: string) {
  const { data, error } = await supabase.rpc('remove_room', { p_room_id: roomId });
  if (error) throw toDataError(error);
  return data;
}

/**
 * Removes a room with everything in it (remove_room: atomic, renumbers rooms, logs). Gone from
 * the screen at once; back if the server refuses.
 */
export function useRemoveRoomMutation(
  accountId: AccountId,
  callbacks?: MutationCallbacks<unknown, string>,
) {
  return useOptimisticTreeMutation(
    accountId,
    { mutationFn: removeRoom, edit: removeRoomFromTree, withItems: true },
    callbacks,
  );
}
