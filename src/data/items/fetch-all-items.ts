import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/database.types';
import { allPages, PAGE_SIZE } from '../all-pages';
import { ITEM_COLUMNS, type Item } from './types';

export const ITEM_PAGE_SIZE = PAGE_SIZE;

/**
 * Every item of the signed-in user, newest first: a count, then pages
 * (docs/product.md#server-calls). `expectedItems` (the plan's limit, or what this browser saw last)
 * sets how many pages are asked for at once.
 */
export function fetchAllItems(
  client: SupabaseClient<Database>,
  { pageSize = ITEM_PAGE_SIZE, expectedItems }: { pageSize?: number; expectedItems?: number } = {},
): Promise<Item[]> {
  return allPages(
    (from, to, withCount) =>
      client
        .from('storage_items')
        .select(ITEM_COLUMNS, withCount ? { count: 'exact' } : undefined)
        .order('created_at', { ascending: false })
        // item_id breaks ties: imports insert many rows with one created_at.
        .order('item_id', { ascending: false })
        .range(from, to),
    {
      pageSize,
      ...(expectedItems ? { expectedRows: expectedItems } : {}),
      key: (item) => item.item_id,
    },
  );
}

/**
 * The items on the given units (one room's, from the storage tree), newest first, with the same
 * columns as the full list: on a first visit over a thin line the inventory can draw the active
 * room from these (a tenth of an Elite seller's 431 KB) before the full list is in.
 */
export function fetchRoomItems(
  client: SupabaseClient<Database>,
  unitIds: readonly string[],
  { pageSize = ITEM_PAGE_SIZE }: { pageSize?: number } = {},
): Promise<Item[]> {
  if (unitIds.length === 0) return Promise.resolve([]);
  return allPages(
    (from, to, withCount) =>
      client
        .from('storage_items')
        .select(ITEM_COLUMNS, withCount ? { count: 'exact' } : undefined)
        .in('unit_id', [...unitIds])
        .order('created_at', { ascending: false })
        .order('item_id', { ascending: false })
        .range(from, to),
    { pageSize, key: (item) => item.item_id },
  );
}
