import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { room3dKeys } from './keys';
import { toRoomLayout, type RawRoom, type RoomLayout } from './room-layout';
import type { AccountId } from '../../domain/ids';

export type { RoomLayout } from './room-layout';

// One request for the room's whole structure with the 3D columns the inventory tree leaves out
// (camera, isle places and turns). An Elite room has at most 100 units.
const LAYOUT_SELECT =
  'room_id, room_name, camera_position_x, camera_position_y, camera_position_z, camera_target_x, camera_target_y, camera_target_z, storage_isles(isle_id, isle_index, position_x, position_z, rotation_y, storage_units(unit_id, unit_name, unit_type, unit_index, position3D, storage_shelves(shelf_id, shelf_index)))';

/** The room with its isles, units and shelves as the 3D view draws them; null if it is gone. */
export async function getRoomLayout(roomId: string): Promise<RoomLayout | null> {
  const { data, error } = await supabase
    .from('storage_rooms')
    .select(LAYOUT_SELECT)
    .eq('room_id', roomId)
    .maybeSingle();
  if (error) throw toDataError(error);
  return data ? toRoomLayout(data as unknown as RawRoom) : null;
}

export function roomLayoutQueryOptions(accountId: AccountId, roomId: string) {
  return queryOptions({
    queryKey: room3dKeys.layout(accountId, roomId),
    queryFn: () => getRoomLayout(roomId),
  });
}

export function useRoomLayout(accountId: AccountId, roomId: string | null) {
  return useQuery({
    ...roomLayoutQueryOptions(accountId, roomId ?? ''),
    enabled: roomId !== null,
  });
}
