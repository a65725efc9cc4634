import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { storageKeys } from './keys';
import { toTree } from './tree';
import type { AccountId } from '../../domain/ids';

// Rooms with nested isles, units and shelves, ordered by room_index, named as the tree holds
// them (docs/product.md#server-calls). One request for the whole structure (an Elite account has at
// most 10 rooms and 100 units); the levels below rooms are sorted in toTree because PostgREST
// orders embedded rows only when asked per level.
const TREE_SELECT =
  'room_id, room_name, room_index, isles:storage_isles(isle_id, isle_index, room_id, units:storage_units(unit_id, unit_name, unit_type, unit_index, isle_id, naming_convention, code, shelves:storage_shelves(shelf_id, shelf_index, unit_id, code)))';

export async function getStorageTree() {
  const { data, error } = await supabase
    .from('storage_rooms')
    .select(TREE_SELECT)
    .order('room_index');
  if (error) throw toDataError(error);
  return toTree(data);
}

/** The seller's whole storage: every screen that shows or picks a place reads this one entry. */
export function storageTreeQueryOptions(accountId: AccountId) {
  return queryOptions({
    queryKey: storageKeys.tree(accountId),
    queryFn: getStorageTree,
  });
}

export function useStorageTree(accountId: AccountId) {
  return useQuery(storageTreeQueryOptions(accountId));
}
