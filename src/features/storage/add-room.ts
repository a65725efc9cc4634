import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/toasts';
import { canAdd } from '../../domain/plans';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { planLimitToast } from './storage-errors';
import { addRoom as addRoomToTree } from './tree';
import { notifyFailure, refusal, useTreeCache } from './tree-cache';
import type { Room } from './types';

/** add_room puts the room last (room_index) and logs add_room; the room limit may refuse. */
export async function addRoom(roomName: string): Promise<Room> {
  const { data, error } = await supabase.rpc('add_room', { p_room_name: roomName });
  if (error) throw error;
  return {
    room_id: data.room_id,
    room_name: data.room_name,
    room_index: data.room_index,
    isles: [],
  };
}

/**
 * Adds a room at the end ('Room Added'). The plan's room limit is checked first; the database
 * checks it again and its refusal shows the same toast. Nothing is shown before the server
 * answers, so a refused room never appears.
 */
export function useAddRoom(userId: string, planId: string) {
  const cache = useTreeCache(userId);
  return useMutation({
    mutationFn: async (roomName: string) => {
      const rooms = cache.read();
      if (!canAdd(planId, 'rooms', rooms.length)) throw refusal(planLimitToast('rooms', planId));
      return addRoom(roomName.trim());
    },
    onSuccess: (room) => {
      cache.set((rooms) => addRoomToTree(rooms, room));
      notify(messages.roomAdded(room.room_name));
    },
    onError: (error) => notifyFailure(error, planId, messages.roomAdd),
    onSettled: () => cache.refresh(),
  });
}
