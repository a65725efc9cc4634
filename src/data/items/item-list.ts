// Immutable edits of the cached item list (newest first), pure for unit tests.
import type { Item } from './types';

/** The list with one item replaced (same position), or unchanged if it is not there. */
export function replaceItem(items: readonly Item[], item: Item): Item[] {
  return items.map((existing) => (existing.item_id === item.item_id ? item : existing));
}

export function patchItem(items: readonly Item[], itemId: string, patch: Partial<Item>): Item[] {
  return items.map((existing) =>
    existing.item_id === itemId ? { ...existing, ...patch } : existing,
  );
}

export function withoutItems(items: readonly Item[], itemIds: readonly string[]): Item[] {
  const gone = new Set(itemIds);
  return items.filter((item) => !gone.has(item.item_id));
}

/** A new item goes first: the list is newest first. */
export function prependItem(items: readonly Item[], item: Item): Item[] {
  return [item, ...items.filter((existing) => existing.item_id !== item.item_id)];
}

export function toItem(row: Item & Record<string, unknown>): Item {
  return {
    item_id: row.item_id,
    item_name: row.item_name,
    quantity: row.quantity,
    unit_id: row.unit_id,
    shelf_id: row.shelf_id,
    barcode: row.barcode,
    sku: row.sku,
    price_paid: row.price_paid,
    expiry_date: row.expiry_date,
    reorder_level: row.reorder_level ?? null,
    created_at: row.created_at,
    ...(typeof row.updated_at === 'string' ? { updated_at: row.updated_at } : {}),
  };
}
