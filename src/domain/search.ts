import { matchKey } from './text-match';

export const QUICK_SEARCH_LIMIT = 10;
export const RECENT_ITEMS_LIMIT = 10;

export interface SearchableItem {
  item_name: string;
  barcode: string | null;
  created_at?: string | null;
}

/**
 * The barcode search (docs/product.md#search): when some item's barcode is exactly the query (a
 * scan), only those are returned; otherwise every item whose name or barcode contains it.
 * Case-insensitive throughout.
 */
export function searchByBarcode<T extends SearchableItem>(items: readonly T[], query: string): T[] {
  const wanted = matchKey(query);
  if (wanted === '') return [];
  const exact = items.filter((item) => matchKey(item.barcode) === wanted);
  if (exact.length > 0) return exact;
  return items.filter(
    (item) => matchKey(item.item_name).includes(wanted) || matchKey(item.barcode).includes(wanted),
  );
}

/** How many names contain the text: the seller is told when quick search shows only some. */
export function countNameMatches(
  items: readonly Pick<SearchableItem, 'item_name'>[],
  query: string,
): number {
  const wanted = matchKey(query);
  if (wanted === '') return 0;
  let count = 0;
  for (const item of items) if (matchKey(item.item_name).includes(wanted)) count += 1;
  return count;
}

/** What the search says of its results: all of them, or the first few of how many. */
export function searchResultsSummary(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? 'item' : 'items');
  return total > shown
    ? `Showing the first ${shown} of ${total} ${noun(total)}`
    : `${shown} ${noun(shown)} found`;
}

/**
 * Quick search: names containing the text, at most 10. Names that start with the text come
 * first, since that is usually what the seller is typing; otherwise the given order is kept.
 */
export function quickSearch<T extends Pick<SearchableItem, 'item_name'>>(
  items: readonly T[],
  query: string,
  limit: number = QUICK_SEARCH_LIMIT,
): T[] {
  const wanted = matchKey(query);
  if (wanted === '' || limit <= 0) return [];
  const starting: T[] = [];
  const containing: T[] = [];
  for (const item of items) {
    const name = matchKey(item.item_name);
    if (name.startsWith(wanted)) starting.push(item);
    else if (name.includes(wanted)) containing.push(item);
    if (starting.length >= limit) break;
  }
  return [...starting, ...containing].slice(0, limit);
}

function createdAtMs(item: Pick<SearchableItem, 'created_at'>): number {
  const ms = item.created_at ? Date.parse(item.created_at) : Number.NaN;
  // Rows without a usable timestamp sort as oldest rather than breaking the order.
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** The 10 newest items, newest first. */
export function recentItems<T extends Pick<SearchableItem, 'created_at'>>(
  items: readonly T[],
  limit: number = RECENT_ITEMS_LIMIT,
): T[] {
  if (limit <= 0) return [];
  return [...items].sort((a, b) => createdAtMs(b) - createdAtMs(a)).slice(0, limit);
}
