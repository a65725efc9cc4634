import { useMutation } from '@tanstack/react-query';
import { canAdd } from '../../domain/plans';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { planLimitToast } from './plan-limit';
import { addRoom as addRoomToTree } from './tree';
import { refusal, useTreeCache } from './tree-cache';
import type { Room } from './types';
import type { AccountId } from '../../domain/ids';

/** add_room puts the room last (room_index) and logs add_room; the room limit may refuse. */
export async function addRoom(roomName: string): Promise<Room> {
  const { data, error } = await supabase.rpc('add_room', { p_room_name: roomName });
  if (error) throw toDataError(error);
  return {
    room_id: data.room_id,
    room_name: data.room_name,
    room_index: data.room_index,
    isles: [],
  };
}

/**
 * Adds a room at the end. The plan's room limit is checked first; the database checks it again.
 * Nothing is shown before the server answers, so a refused room never appears.
 */
export function useAddRoomMutation(
  accountId: AccountId,
  planId: string,
  { onSuccess, onError }: MutationCallbacks<Room, string> = {},
) {
  const cache = useTreeCache(accountId);
  return useMutation({
    mutationFn: async (roomName: string) => {
      if (!canAdd(planId, 'rooms', cache.read().length))
        throw refusal(planLimitToast('rooms', planId));
      return addRoom(roomName.trim());
    },
    onSuccess: (room, roomName) => {
      cache.set((rooms) => addRoomToTree(rooms, room));
      onSuccess?.(room, roomName);
    },
    onError,
    onSettled: () => cache.refresh(),
  });
}
