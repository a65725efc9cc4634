import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { room3dKeys } from './keys';
import type { AccountId } from '../../domain/ids';

/**
 * Items per shelf of a room, counted by the database (room_shelf_fill): the view needs a number
 * per shelf, not the 5000 item rows of an Elite account.
 */
export async function getShelfFill(roomId: string): Promise<Map<string, number>> {
  const { data, error } = await supabase.rpc('room_shelf_fill', { p_room_id: roomId });
  if (error) throw toDataError(error);
  return new Map(data.map((row) => [row.shelf_id, row.item_count]));
}

export function shelfFillQueryOptions(accountId: AccountId, roomId: string) {
  return queryOptions({
    queryKey: room3dKeys.fill(accountId, roomId),
    queryFn: () => getShelfFill(roomId),
    // Items change on the inventory screen; coming back to the 3D view should show it.
    staleTime: 0,
  });
}

export function useShelfFill(accountId: AccountId, roomId: string | null) {
  return useQuery({ ...shelfFillQueryOptions(accountId, roomId ?? ''), enabled: roomId !== null });
}
