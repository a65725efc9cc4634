/**
 * Counting a shelf (issue #41): what the seller expected on a shelf, what they found, and what
 * applying the count changes. The database applies it (`apply_shelf_count`) with the same
 * meaning: a missing item goes to quantity 0 and keeps its place, an unexpected one moves here,
 * a quantity that differs is set.
 */
import { countOf } from './plural';

/** One item and how many: what the shelf held when the count began, or what was counted. */
export interface CountLine {
  item_id: string;
  quantity: number;
}

/** What the count needs to know of an item. */
export interface CountItem {
  item_id: string;
  item_name: string;
  quantity: number;
  shelf_id: string | null;
  barcode: string | null;
}

/**
 * A row of the count: `ok` found as expected, `missing` expected and none found, `quantity`
 * found in another number, `unexpected` found here while the stockroom had it elsewhere.
 */
export type CountState = 'ok' | 'missing' | 'quantity' | 'unexpected';

export interface CountRow {
  item: CountItem;
  /** How many the shelf held when the count began; null for an item found unexpectedly. */
  expected: number | null;
  found: number;
  state: CountState;
}

/** The shelf's fingerprint at the start: its items and their quantities, as sent back on apply. */
export function expectedOnShelf(items: readonly CountItem[], shelfId: string): CountLine[] {
  return items
    .filter((item) => item.shelf_id === shelfId)
    .map((item) => ({ item_id: item.item_id, quantity: item.quantity }));
}

/**
 * The rows to show: the expected items in their order, then the unexpected ones in the order
 * first counted. `items` is the inventory now (for names and where an unexpected item sits).
 */
export function countRows(
  expected: readonly CountLine[],
  found: ReadonlyMap<string, number>,
  items: ReadonlyMap<string, CountItem>,
): CountRow[] {
  const rows: CountRow[] = [];
  const expectedIds = new Set<string>();
  for (const line of expected) {
    expectedIds.add(line.item_id);
    const item = items.get(line.item_id);
    if (!item) continue;
    const count = found.get(line.item_id) ?? 0;
    const state: CountState = count === line.quantity ? 'ok' : count === 0 ? 'missing' : 'quantity';
    rows.push({ item, expected: line.quantity, found: count, state });
  }
  for (const [itemId, count] of found) {
    if (expectedIds.has(itemId) || count <= 0) continue;
    const item = items.get(itemId);
    if (!item) continue;
    rows.push({ item, expected: null, found: count, state: 'unexpected' });
  }
  return rows;
}

/** What was counted, as apply_shelf_count takes it: every item found here, with its number. */
export function foundLines(found: ReadonlyMap<string, number>): CountLine[] {
  // none found is what the database reads for an item left out
  return [...found]
    .filter(([, count]) => count > 0)
    .map(([item_id, quantity]) => ({ item_id, quantity }));
}

export interface CountSummary {
  missing: number;
  unexpected: number;
  quantity: number;
}

export function summarize(rows: readonly CountRow[]): CountSummary {
  const of = (state: CountState) => rows.filter((row) => row.state === state).length;
  return { missing: of('missing'), unexpected: of('unexpected'), quantity: of('quantity') };
}

/** "1 missing, 1 to move here, 1 quantity off", or "Everything is as expected". */
export function summaryText(summary: CountSummary): string {
  const parts = [
    summary.missing > 0 ? `${summary.missing} missing` : '',
    summary.unexpected > 0 ? `${summary.unexpected} to move here` : '',
    summary.quantity > 0 ? `${countOf(summary.quantity, 'quantity', 'quantities')} off` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'Everything is as expected';
}

/** What Apply will do, in the confirmation: one sentence per kind of change. */
export function applyText(summary: CountSummary): string {
  const parts = [
    summary.missing > 0
      ? `${countOf(summary.missing, 'missing item')} ${summary.missing === 1 ? 'goes' : 'go'} to 0 and ${summary.missing === 1 ? 'stays' : 'stay'} on the shelf.`
      : '',
    summary.unexpected > 0
      ? `${countOf(summary.unexpected, 'item')} from elsewhere ${summary.unexpected === 1 ? 'moves' : 'move'} here.`
      : '',
    summary.quantity > 0
      ? `${countOf(summary.quantity, 'quantity', 'quantities')} ${summary.quantity === 1 ? 'is' : 'are'} set to what you counted.`
      : '',
  ].filter(Boolean);
  return parts.length > 0
    ? parts.join(' ')
    : 'Everything is as expected: the shelf is marked as counted.';
}

/** The items a scanned code names, those already on the shelf first. */
export function itemsForCode(
  items: readonly CountItem[],
  code: string,
  shelfId: string,
): CountItem[] {
  const wanted = code.trim().toLowerCase();
  if (wanted === '') return [];
  return items
    .filter((item) => item.barcode !== null && item.barcode.trim().toLowerCase() === wanted)
    .sort((a, b) => Number(b.shelf_id === shelfId) - Number(a.shelf_id === shelfId));
}

/** The count screen's address for a shelf: from its menu, and for a scanned shelf code. */
export function countShelfPath(shelfId: string): string {
  return `/dashboard/count?shelf=${encodeURIComponent(shelfId)}`;
}

/** Never counted, or the days since (whole days, 0 for today). */
export function daysSinceCounted(lastCountedAt: string | null, now: Date): number | null {
  if (!lastCountedAt) return null;
  return Math.max(0, Math.floor((now.getTime() - new Date(lastCountedAt).getTime()) / 86_400_000));
}

/** "Never counted", "Counted today", "Counted 1 day ago", "Counted 45 days ago". */
export function lastCountedText(days: number | null): string {
  if (days === null) return 'Never counted';
  if (days === 0) return 'Counted today';
  return `Counted ${countOf(days, 'day')} ago`;
}
