// Re-import (issue #25 point 3): which of the seller's items a file's row is about. The database
// decides again when the import is saved (private.match_import_rows in
// supabase/schemas/45_import.sql); this is the preview's copy
// of the same rule, so what the seller is shown is what will happen.

import type { ImportRow, ImportRowError } from './import-columns';
import { matchKey } from './text-match';

/** What the seller chose on the preview: update matching items and add the rest, or add all. */
export type ImportMode = 'update' | 'add';

export type MatchedBy = 'sku' | 'barcode';

/** The parts of an existing item the matching and the preview's "old → new" need. */
export interface MatchableItem {
  item_id: string;
  item_name: string;
  quantity: number;
  barcode: string | null;
  sku: string | null;
  price_paid: number | null;
  expiry_date: string | null;
  shelf_id: string | null;
  /** Optional for callers that have none to give: the same as null. */
  reorder_level?: number | null;
}

export type RowMatch<T extends MatchableItem = MatchableItem> =
  | { kind: 'none' }
  | { kind: 'one'; by: MatchedBy; item: T }
  | { kind: 'many'; by: MatchedBy; key: string; count: number };

function cell(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === '') continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Per row, the seller's items it names: by SKU (exactly, spaces around it aside) when the row has
 * a SKU that some item carries, else by barcode (capitals ignored, as the barcode lookup).
 */
export function matchImportRows<T extends MatchableItem>(
  rows: readonly ImportRow[],
  items: readonly T[],
): RowMatch<T>[] {
  const bySku = groupBy(items, (item) => (item.sku ?? '').trim());
  const byBarcode = groupBy(items, (item) => matchKey(item.barcode));
  return rows.map((row) => {
    const sku = cell(row.sku);
    const barcode = cell(row.barcode);
    const skuHits = sku === '' ? undefined : bySku.get(sku);
    const barcodeHits = barcode === '' ? undefined : byBarcode.get(matchKey(barcode));
    const [by, key, hits] = skuHits
      ? (['sku', sku, skuHits] as const)
      : barcodeHits
        ? (['barcode', barcode, barcodeHits] as const)
        : ([null, '', undefined] as const);
    if (!by || !hits) return { kind: 'none' };
    if (hits.length > 1) return { kind: 'many', by, key, count: hits.length };
    return { kind: 'one', by, item: hits[0]! };
  });
}

export const keyName = (by: MatchedBy) => (by === 'sku' ? 'SKU' : 'Barcode');

export const ambiguousMatch = (by: MatchedBy, key: string, count: number) =>
  `${keyName(by)} '${key}' matches ${count} of your items, so it is not clear which to update`;
export const sameItemAsRow = (row: number) => `Matches the same item as row ${row}`;

/**
 * The rows update mode cannot do, in the database's words: a key that matches several items, and
 * every row after the first that matches an item another row already updates.
 */
export function matchErrors(matches: readonly RowMatch[]): ImportRowError[] {
  const errors: ImportRowError[] = [];
  const firstRow = new Map<string, number>();
  matches.forEach((match, index) => {
    const row = index + 2;
    if (match.kind === 'many') {
      errors.push({
        row,
        field: match.by,
        message: ambiguousMatch(match.by, match.key, match.count),
      });
    } else if (match.kind === 'one') {
      const first = firstRow.get(match.item.item_id);
      if (first === undefined) firstRow.set(match.item.item_id, row);
      else errors.push({ row, field: match.by, message: sameItemAsRow(first) });
    }
  });
  return errors;
}

/** Whether any row names one of the seller's items, so the preview offers the choice. */
export function anyMatch(matches: readonly RowMatch[]): boolean {
  return matches.some((match) => match.kind !== 'none');
}

/** One field an update changes, as the preview lists it: 'Quantity: 2 → 7'. */
export interface FieldChange {
  label: string;
  from: string;
  to: string;
}

/** The new values of an update row; null where the file's cell is empty (the field is kept). */
export interface UpdateValues {
  item_name: string | null;
  quantity: number | null;
  barcode: string | null;
  sku: string | null;
  price_paid: number | null;
  expiry_date: string | null;
  shelf_id: string | null;
  /** Optional for callers that have none to give: the same as null. */
  reorder_level?: number | null;
}

const shown = (value: string | number | null) =>
  value === null || value === '' ? '(none)' : String(value);

/**
 * The fields an update changes, old → new. Empty cells change nothing; a barcode in other
 * capitals is the same barcode; a price compares as money (4.5 is 4.50).
 */
export function fieldChanges(
  item: MatchableItem,
  update: UpdateValues,
  placeName: (shelfId: string | null) => string,
  formatPrice: (price: number) => string = (price) => price.toFixed(2),
): FieldChange[] {
  const changes: FieldChange[] = [];
  const add = (label: string, from: string | number | null, to: string | number | null) =>
    changes.push({ label, from: shown(from), to: shown(to) });
  if (update.item_name !== null && update.item_name !== item.item_name)
    add('Name', item.item_name, update.item_name);
  if (update.quantity !== null && update.quantity !== item.quantity)
    add('Quantity', item.quantity, update.quantity);
  if (update.barcode !== null && matchKey(update.barcode) !== matchKey(item.barcode))
    add('Barcode', item.barcode, update.barcode);
  if (update.sku !== null && update.sku !== (item.sku ?? '')) add('SKU', item.sku, update.sku);
  if (
    update.price_paid !== null &&
    (item.price_paid === null ||
      Math.round(update.price_paid * 100) !== Math.round(item.price_paid * 100))
  )
    add(
      'Price paid',
      item.price_paid === null ? null : formatPrice(item.price_paid),
      formatPrice(update.price_paid),
    );
  if (update.expiry_date !== null && update.expiry_date !== item.expiry_date)
    add('Expiry date', item.expiry_date, update.expiry_date);
  const reorderLevel = update.reorder_level ?? null;
  if (reorderLevel !== null && reorderLevel !== (item.reorder_level ?? null))
    add('Reorder level', item.reorder_level ?? null, reorderLevel);
  if (update.shelf_id !== null && update.shelf_id !== item.shelf_id)
    add('Place', placeName(item.shelf_id), placeName(update.shelf_id));
  return changes;
}
