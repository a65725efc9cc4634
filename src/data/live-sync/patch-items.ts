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
 * removes it. Returns the same array when nothing changes, so nothing redraws.
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
