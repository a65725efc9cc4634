import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { inventoryKeys } from './keys';
import { toTree, type RawRoom } from './tree';

// SPEC 7: rooms with nested isles, units and shelves, ordered by room_index. One request for the
// whole structure (an Elite account has at most 10 rooms and 100 units); the levels below rooms
// are sorted in toTree because PostgREST orders embedded rows only when asked per level.
const TREE_SELECT =
  'room_id, room_name, room_index, storage_isles(isle_id, isle_index, room_id, storage_units(unit_id, unit_name, unit_type, unit_index, isle_id, naming_convention, storage_shelves(shelf_id, shelf_index, unit_id)))';

export async function getStorageTree() {
  const { data, error } = await supabase
    .from('storage_rooms')
    .select(TREE_SELECT)
    .order('room_index');
  if (error) throw error;
  return toTree(data as RawRoom[]);
}

export function storageTreeQueryOptions(userId: string) {
  return queryOptions({
    queryKey: inventoryKeys.tree(userId),
    queryFn: getStorageTree,
  });
}

export function useStorageTree(userId: string) {
  return useQuery(storageTreeQueryOptions(userId));
}
