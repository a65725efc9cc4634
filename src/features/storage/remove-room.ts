import { useMutation } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { removeRoom as removeRoomFromTree } from './tree';
import { notifyFailure, useTreeCache } from './tree-cache';

export async function removeRoom(roomId: string) {
  const { data, error } = await supabase.rpc('remove_room', { p_room_id: roomId });
  if (error) throw error;
  return data;
}

/**
 * Removes a room with everything in it (remove_room: atomic, renumbers rooms, logs). Gone from
 * the screen at once; back if the server refuses. Which room becomes active is the caller's
 * concern (useActiveRoom), decided before the call.
 */
export function useRemoveRoom(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: (roomId: string) => removeRoom(roomId),
    onMutate: (roomId) => cache.apply((rooms) => removeRoomFromTree(rooms, roomId)),
    onError: (error, _roomId, previous) => {
      cache.restore(previous);
      notifyFailure(error, planId, messages.roomDelete);
    },
    onSettled: () => cache.refreshAll(),
  });
}
