import { useMutation } from '@tanstack/react-query';
import { notify } from '../../components/toasts';
import { canAdd } from '../../domain/plans';
import { supabase } from '../../lib/supabase';
import { messages } from '../../lib/messages';
import { planLimitToast } from './storage-errors';
import { addRoom as addRoomToTree } from './tree';
import { notifyFailure, refusal, useTreeCache } from './tree-cache';
import type { Room } from './types';

export async function addRoom(userId: string, roomName: string, roomIndex: number): Promise<Room> {
  const { data, error } = await supabase
    .from('storage_rooms')
    .insert({ room_name: roomName, room_index: roomIndex, user_id: userId, active: true })
    .select('room_id, room_name, room_index')
    .single();
  if (error) throw error;
  return { ...data, isles: [] };
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
      const nextIndex = rooms.reduce((max, room) => Math.max(max, room.room_index), 0) + 1;
      return addRoom(userId, roomName.trim(), nextIndex);
    },
    onSuccess: (room) => {
      cache.set((rooms) => addRoomToTree(rooms, room));
      notify(messages.roomAdded(room.room_name));
    },
    onError: (error) => notifyFailure(error, planId, messages.roomAdd),
    onSettled: () => cache.refresh(),
  });
}
