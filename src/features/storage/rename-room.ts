import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { renameRoom as renameRoomInTree } from './tree';
import { notifyFailure, useTreeCache } from './tree-cache';

export async function renameRoom(roomId: string, roomName: string) {
  const { data, error } = await supabase.rpc('update_room', {
    p_room_id: roomId,
    p_room_name: roomName,
  });
  if (error) throw error;
  return data;
}

/** Renames at once on screen; the old name comes back if the server refuses. Logs update_room. */
export function useRenameRoom(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: ({ roomId, roomName }: { roomId: string; roomName: string }) =>
      renameRoom(roomId, roomName.trim()),
    onMutate: ({ roomId, roomName }) =>
      cache.apply((rooms) => renameRoomInTree(rooms, roomId, roomName.trim())),
    onError: (error, _vars, previous) => {
      cache.restore(previous);
      notifyFailure(error, planId, messages.roomUpdate);
    },
    onSettled: () => cache.refresh(),
  });
}
