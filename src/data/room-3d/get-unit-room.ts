import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { room3dKeys } from './keys';
import type { AccountId } from '../../domain/ids';

/** The room a unit stands in, for '?unit=' links (a search hit) that do not name the room. */
export async function getUnitRoom(unitId: string): Promise<string | null> {
  const { data, error } = await supabase
    .from('storage_units')
    .select('unit_id, storage_isles(room_id)')
    .eq('unit_id', unitId)
    .maybeSingle();
  if (error) throw toDataError(error);
  const isle = data?.storage_isles as { room_id: string } | { room_id: string }[] | null;
  if (!isle) return null;
  return Array.isArray(isle) ? (isle[0]?.room_id ?? null) : isle.room_id;
}

export function unitRoomQueryOptions(accountId: AccountId, unitId: string) {
  return queryOptions({
    queryKey: room3dKeys.unitRoom(accountId, unitId),
    queryFn: () => getUnitRoom(unitId),
  });
}

export function useUnitRoom(accountId: AccountId, unitId: string | null) {
  return useQuery({ ...unitRoomQueryOptions(accountId, unitId ?? ''), enabled: unitId !== null });
}
