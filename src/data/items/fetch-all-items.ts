import { toDataError } from '../errors';
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
 * Every item of the signed-in user, newest first (SPEC 7: count and paged select). All the
 * pages the seller's plan can fill (`expectedItems`, its item limit) are asked for at once, the
 * first one bringing the count, so an Elite account (5000 items) costs one round trip, not
 * five; should the count show more (an account above its plan after a downgrade), the rest
 * follow in a second round.
 */
export async function fetchAllItems(
  client: Client,
  {
    pageSize = ITEM_PAGE_SIZE,
    expectedItems = pageSize,
  }: { pageSize?: number; expectedItems?: number } = {},
): Promise<Item[]> {
  const firstRound = Math.max(1, Math.ceil(expectedItems / pageSize));
  const pages = await Promise.all(
    Array.from({ length: firstRound }, (_, page) => itemPage(client, page, pageSize, page === 0)),
  );
  const first = pages[0]!;
  if (first.error) throw toDataError(first.error);
  const total = first.count ?? first.data.length;
  const needed = Math.ceil(total / pageSize);
  if (needed > firstRound) {
    pages.push(
      ...(await Promise.all(
        Array.from({ length: needed - firstRound }, (_, i) =>
          itemPage(client, firstRound + i, pageSize, false),
        ),
      )),
    );
  }
  const items: Item[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    if (page.error) throw toDataError(page.error);
    // An item added between two page requests shifts the pages by one; never list it twice.
    for (const item of page.data)
      if (!seen.has(item.item_id)) {
        seen.add(item.item_id);
        items.push(item);
      }
  }
  return items;
}
