/** An item as the inventory holds it (docs/product.md#items), without the owner and flags. */
export interface Item {
  item_id: string;
  item_name: string;
  quantity: number;
  unit_id: string | null;
  shelf_id: string | null;
  barcode: string | null;
  sku: string | null;
  price_paid: number | null;
  expiry_date: string | null;
  /** Low on stock at or below this quantity; null: only flagged at 0 (out of stock). */
  reorder_level: number | null;
  created_at: string;
  /**
   * When the server last changed the row. The live sync applies a change to a cached item only
   * when it is not older than this (see live-sync/patch-items.ts). Absent on a guess not yet saved.
   */
  updated_at?: string;
}

export const ITEM_COLUMNS =
  'item_id, item_name, quantity, unit_id, shelf_id, barcode, sku, price_paid, expiry_date, reorder_level, created_at, updated_at';

/** What the seller fills in for an item, checked (item-form.ts) and ready to save. */
export interface ItemFields {
  item_name: string;
  quantity: number;
  barcode: string | null;
  sku: string | null;
  price_paid: number | null;
  /** YYYY-MM-DD */
  expiry_date: string | null;
  reorder_level: number | null;
}
