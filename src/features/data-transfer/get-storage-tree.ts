import { queryOptions } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { sortedRooms } from '../../domain/storage-tree';
import { dataTransferKeys } from './keys';

// Only the fields import looks up and export names; the nested select of SPEC 7.
const TREE_COLUMNS =
  'room_id, room_name, room_index, isles:storage_isles(isle_id, isle_index, units:storage_units(unit_id, unit_name, unit_index, unit_type, shelves:storage_shelves(shelf_id, shelf_index)))';

/** The seller's rooms › isles › units › shelves, in display order. */
export async function getStorageTree(userId: string) {
  const { data, error } = await supabase
    .from('storage_rooms')
    .select(TREE_COLUMNS)
    .eq('user_id', userId)
    .order('room_index');
  if (error) throw error;
  return sortedRooms(data);
}

export type StorageTree = Awaited<ReturnType<typeof getStorageTree>>;

export function storageTreeQueryOptions(userId: string) {
  return queryOptions({
    queryKey: dataTransferKeys.storageTree(userId),
    queryFn: () => getStorageTree(userId),
    // The import is checked against this; it must be what the seller has now, not 30 s ago.
    staleTime: 0,
  });
}
