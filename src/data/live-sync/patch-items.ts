/** A `postgres_changes` event as the live sync hands it to a cache patch. */
export interface RowEvent {
  table: string;
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

interface CachedItem {
  item_id: string;
  created_at: string;
  /** When the row last changed on the server; rows cached before it was read have none. */
  updated_at?: string;
}

/**
 * Microseconds since 1970 of a timestamp as Postgres writes it in JSON
 * ("2026-11-26T08:22:48.123456+00:00", or with a space and a short zone), or null when it cannot
 * be read. Microseconds matter: two quick saves of one item can fall in the same millisecond.
 */
export function timestampMicros(stamp: unknown): number | null {
  if (typeof stamp !== 'string') return null;
  const parts = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(stamp.trim());
  if (!parts) return null;
  const [, date, time, fraction = '', zone = 'Z'] = parts;
  const offset = zone === 'Z' ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const seconds = Date.parse(`${date}T${time}${offset}`);
  if (Number.isNaN(seconds)) return null;
  return seconds * 1000 + Number(fraction.padEnd(6, '0'));
}

/**
 * True when a change carries an older state of the row than the one cached: the late echo of an
 * earlier save that the screen's own newer save has already replaced. Unknown times never count
 * as older, so a change is applied whenever it cannot be ordered.
 */
export function isOlderThanCached(row: Record<string, unknown>, cached: CachedItem): boolean {
  const incoming = timestampMicros(row.updated_at);
  const held = timestampMicros(cached.updated_at);
  return incoming !== null && held !== null && incoming < held;
}

/** Keeps only the fields the cached rows hold, so a change brings no columns the screen never asked for. */
function shaped<T>(row: Record<string, unknown>, like: T | undefined): T {
  if (!like) return row as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(like as object)) if (key in row) out[key] = row[key];
  return { ...like, ...out } as T;
}

/**
 * The item list with one change applied: an insert goes in at its place (newest first, as the
 * list is read), an update replaces the row (a move is an update of its shelf and unit), a delete
 * removes it. An update older than the cached row (by `updated_at`) is ignored: realtime echoes
 * of this screen's own saves can arrive after a newer save has settled, and must not undo it.
 * Returns the same array when nothing changes, so nothing redraws.
 */
export function patchItems<T extends CachedItem>(items: T[], event: RowEvent): T[] {
  if (event.eventType === 'DELETE') {
    const id = event.old.item_id;
    const next = items.filter((item) => item.item_id !== id);
    return next.length === items.length ? items : next;
  }
  const row = event.new;
  const at = items.findIndex((item) => item.item_id === row.item_id);
  if (at >= 0) {
    const current = items[at]!;
    if (isOlderThanCached(row, current)) return items;
    const updated = shaped<T>(row, current);
    if (Object.keys(current).every((k) => current[k as keyof T] === updated[k as keyof T])) return items;
    const next = items.slice();
    next[at] = updated;
    return next;
  }
  const added = shaped<T>(row, items[0]);
  const next = items.slice();
  const place = next.findIndex(
    (item) => item.created_at < added.created_at || (item.created_at === added.created_at && item.item_id < added.item_id),
  );
  next.splice(place < 0 ? next.length : place, 0, added);
  return next;
}
