import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { room3dKeys } from './keys';

/** The seller's rooms, for choosing which one to look at (SPEC 7: ordered by room_index). */
export async function getRooms() {
  const { data, error } = await supabase
    .from('storage_rooms')
    .select('room_id, room_name, room_index')
    .order('room_index');
  if (error) throw error;
  return data;
}

export type RoomSummary = Awaited<ReturnType<typeof getRooms>>[number];

export function roomsQueryOptions(userId: string) {
  return queryOptions({ queryKey: room3dKeys.rooms(userId), queryFn: getRooms });
}

export function useRooms(userId: string) {
  return useQuery(roomsQueryOptions(userId));
}
