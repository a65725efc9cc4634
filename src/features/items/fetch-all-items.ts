import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/database.types';
import { ITEM_COLUMNS, type Item } from './types';

/** PostgREST answers at most 1000 rows per request (max-rows), so items come in pages of 1000. */
export const ITEM_PAGE_SIZE = 1000;

type Client = SupabaseClient<Database>;

function itemPage(client: Client, page: number, pageSize: number, withCount: boolean) {
  // Newest first, item_id breaking ties so pages never overlap or skip rows that share a
  // created_at (imports insert many rows in one statement).
  return client
    .from('storage_items')
    .select(ITEM_COLUMNS, withCount ? { count: 'exact' } : undefined)
    .order('created_at', { ascending: false })
    .order('item_id', { ascending: false })
    .range(page * pageSize, page * pageSize + pageSize - 1);
}

/**
 * Every item of the signed-in user, newest first (SPEC 7: count and paged select). The first
 * page brings the count; the other pages are then fetched at once rather than one after
 * another, so an Elite account (5000 items) costs two round trips, not five.
 */
export async function fetchAllItems(client: Client, pageSize = ITEM_PAGE_SIZE): Promise<Item[]> {
  const first = await itemPage(client, 0, pageSize, true);
  if (first.error) throw first.error;
  const items: Item[] = [...first.data];
  const total = first.count ?? items.length;
  const pages = Math.ceil(total / pageSize);
  if (pages > 1 && items.length === pageSize) {
    const rest = await Promise.all(
      Array.from({ length: pages - 1 }, (_, i) => itemPage(client, i + 1, pageSize, false)),
    );
    const seen = new Set(items.map((item) => item.item_id));
    for (const page of rest) {
      if (page.error) throw page.error;
      // An item added between two page requests shifts the pages by one; never list it twice.
      for (const item of page.data)
        if (!seen.has(item.item_id)) {
          seen.add(item.item_id);
          items.push(item);
        }
    }
  }
  return items;
}
