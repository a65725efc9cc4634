import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { renameRoom as renameRoomInTree } from './tree';
import { useOptimisticTreeMutation } from './tree-cache';
import type { AccountId } from '../../domain/ids';

export interface RoomName {
  roomId: string;
  roomName: string;
}

export async function renameRoom(roomId: string, roomName: string) {
  const { data, error } = await supabase.rpc('update_room', {
    p_room_id: roomId,
    p_room_name: roomName,
  });
  if (error) throw toDataError(error);
  return data;
}

/** Renames at once on screen; the old name comes back if the server refuses. Logs update_room. */
export function useRenameRoomMutation(
  accountId: AccountId,
  callbacks?: MutationCallbacks<unknown, RoomName>,
) {
  return useOptimisticTreeMutation(
    accountId,
    {
      mutationFn: ({ roomId, roomName }: RoomName) => renameRoom(roomId, roomName.trim()),
      edit: (rooms, { roomId, roomName }) => renameRoomInTree(rooms, roomId, roomName.trim()),
    },
    callbacks,
  );
}
