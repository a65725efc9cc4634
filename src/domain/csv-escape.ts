import { COLUMN_HEADERS, IMPORT_FIELDS, type ImportField } from './import-columns';
import { indexShelves, type TreeRoom, type ShelfLocation } from './storage-tree';

// A spreadsheet treats a cell starting with one of these as a formula (or, for tab and CR, may
// strip them and then see one), which lets a crafted item name run commands on a seller's PC.
// The full-width forms are included because spreadsheets in CJK locales turn them into their
// ASCII twins while reading input.
const FORMULA_TRIGGERS = new Set([
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
]);

// Spaces and invisible characters a spreadsheet may trim before it looks for a formula
// (LibreOffice's "Trim spaces" import option, Sheets trimming pasted cells), so ' =cmd' counts.
const LEADING_BLANKS =
  /^[\s\u00A0\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]+/u;

// The apostrophe is the spreadsheet's own "this is text" marker, so a neutralised cell still
// displays the seller's text.
const TEXT_MARKER = "'";

export function startsLikeFormula(value: string): boolean {
  return (
    FORMULA_TRIGGERS.has(value.charAt(0)) ||
    FORMULA_TRIGGERS.has(value.replace(LEADING_BLANKS, '').charAt(0))
  );
}

/**
 * Makes a cell safe to open in a spreadsheet. Text that already starts with the marker gets one
 * more, so restoreCell() can always tell our marker from the seller's own apostrophe.
 */
export function neutraliseCell(value: string): string {
  return startsLikeFormula(value) || value.startsWith(TEXT_MARKER) ? TEXT_MARKER + value : value;
}

/** The inverse of neutraliseCell, applied on import so export → import gives the same text. */
export function restoreCell(value: string): string {
  if (!value.startsWith(TEXT_MARKER)) return value;
  const rest = value.slice(1);
  return startsLikeFormula(rest) || rest.startsWith(TEXT_MARKER) ? rest : value;
}

/**
 * Whether an imported cell would run as a formula. Signed plain numbers ('-3', '+2.5') are not
 * formulas; anything else starting with a trigger is.
 */
export function isFormulaInjection(value: string): boolean {
  if (!startsLikeFormula(value)) return false;
  return !/^[+-]\d+(?:[.,]\d+)?$/.test(value.replace(LEADING_BLANKS, ''));
}

export type CsvValue = string | number | boolean | null | undefined;

/** One cell of RFC 4180 CSV: neutralised, then quoted when it holds a quote, comma or line break. */
export function escapeCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers are written by us, never by the seller, and a spreadsheet reads '-5' as a number.
  const text = typeof value === 'string' ? neutraliseCell(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsvLine(cells: readonly CsvValue[]): string {
  return cells.map(escapeCsvCell).join(',');
}

/** Whole CSV text with CRLF line ends (RFC 4180, and what Excel writes). */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map(toCsvLine).join('\r\n') + '\r\n';
}

export interface ExportableItem {
  item_name: string;
  quantity: number;
  shelf_id: string | null;
  barcode: string | null;
  sku: string | null;
  price_paid: number | string | null;
  expiry_date: string | null;
  /** Needed for the Photo column only. */
  item_id?: string;
  /** Optional for callers that have none to give: the same as null. */
  reorder_level?: number | null;
}

function priceCell(price: number | string | null): number | null {
  if (price === null || price === '') return null;
  const value = Number(price);
  return Number.isFinite(value) ? value : null;
}

export type ExportRow = Record<ImportField, string | number | null>;

/**
 * An item as one row of the import template. The isle and shelf are their numbers and the unit
 * its name, because that is what import looks up. An item off any shelf has blank location cells.
 */
export function exportRow(item: ExportableItem, location: ShelfLocation | undefined): ExportRow {
  return {
    item_name: item.item_name,
    quantity: item.quantity,
    room: location?.room.room_name ?? null,
    isle: location?.isle.isle_index ?? null,
    unit: location?.unit.unit_name ?? null,
    shelf: location?.shelf.shelf_index ?? null,
    barcode: item.barcode,
    sku: item.sku,
    price_paid: priceCell(item.price_paid),
    expiry_date: item.expiry_date,
    reorder_level: item.reorder_level ?? null,
  };
}

/** The export file: template headers, then one row per item in the order given. */
/** The export's last column: a link to the item's picture (docs/product.md#photos). */
export const PHOTO_COLUMN = 'Photo';

export function exportItemsCsv(
  items: readonly ExportableItem[],
  rooms: readonly TreeRoom[],
  /** The picture's link by item id: adds a last "Photo" column, which import ignores. */
  photoLinks?: ReadonlyMap<string, string>,
): string {
  const shelves = indexShelves(rooms);
  const header: string[] = IMPORT_FIELDS.map((field) => COLUMN_HEADERS[field]);
  if (photoLinks) header.push(PHOTO_COLUMN);
  const rows = items.map((item) => {
    const row = exportRow(item, item.shelf_id === null ? undefined : shelves.get(item.shelf_id));
    const cells: (string | number | null)[] = IMPORT_FIELDS.map((field) => row[field]);
    if (photoLinks) cells.push((item.item_id && photoLinks.get(item.item_id)) || '');
    return cells;
  });
  return toCsv([header, ...rows]);
}
