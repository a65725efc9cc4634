import {
  parseDate,
  parsePrice,
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  type DateFormat,
} from './currency-date';
import {
  COLUMN_HEADERS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportRow,
  type ImportRowError,
} from './import-columns';
import { toCsv } from './csv-escape';
import type { UpdateValues } from './import-matching';
import { INVALID_ISLE_NUMBER } from './isle-numbering';
import { canAdd, getPlan, importLimitMessage } from './plans';
import { plural } from './plural';
import { matchKey } from './text-match';
import {
  sortedRooms,
  sortedUnits,
  type TreeIsle,
  type TreeRoom,
  type TreeShelf,
  type TreeUnit,
} from './storage-tree';

export { INVALID_ISLE_NUMBER } from './isle-numbering';
export type { ImportRowError } from './import-columns';

/** Rows staged in one request at most (public.import_batches allows 500). */
export const IMPORT_BATCH_SIZE = 500;
/**
 * A staged batch's size at most, as the database measures it (its text, 128 KB allowed), with a
 * margin for the estimate: at 200 bytes a row, 500 rows fit, so 5000 rows are 10 requests.
 */
export const IMPORT_BATCH_BYTES = 120 * 1024;
/** A log line names the imported items only up to this many, so the log stays readable. */
export const IMPORT_LOG_NAME_LIMIT = 20;
/** Postgres integer columns stop here; a bigger number is a typo, not stock. */
const LARGEST_WHOLE_NUMBER = 2_147_483_647;

export const MISSING_ITEM_NAME = 'Missing item name';
export const INVALID_QUANTITY = 'Invalid quantity';
export const MISSING_ROOM = 'Missing room';
export const MISSING_UNIT = 'Missing unit';
export const INVALID_SHELF_NUMBER = 'Invalid shelf number';

export const roomNotFound = (room: string) => `Room '${room}' not found`;
export const isleNotFound = (isle: number, room: string) =>
  `Isle ${isle} not found in room '${room}'`;
export const unitNotFound = (unit: string, isle: number) =>
  `Unit '${unit}' not found in isle ${isle}`;
export const shelfNotFound = (shelf: number, unit: string) =>
  `Shelf ${shelf} not found in unit '${unit}'`;
export const invalidPrice = (value: string) =>
  `Invalid price paid '${value}': use a number such as 4.99`;
export const invalidReorderLevel = (value: string) =>
  `Invalid reorder level '${value}': use a whole number from 0, such as 3`;
export const invalidExpiryDate = (value: string, format: DateFormat) =>
  `Invalid expiry date '${value}': use ${DATE_FORMATS[format]} or YYYY-MM-DD`;

export interface ResolvedImportRow {
  row: number;
  item_name: string;
  quantity: number;
  unit_id: string;
  shelf_id: string;
  barcode: string | null;
  sku: string | null;
  price_paid: number | null;
  expiry_date: string | null;
  reorder_level: number | null;
}

/** A row that updates one of the seller's items: null where the cell is empty (field kept). */
export interface ResolvedUpdateRow extends UpdateValues {
  row: number;
}

export interface ImportValidation {
  /** Rows that passed every check, ready to insert. The import is all-or-nothing, so only
   * write them when `errors` is empty. */
  items: ResolvedImportRow[];
  /** Rows (of `options.updating`) that passed their checks and update an existing item. */
  updates: ResolvedUpdateRow[];
  errors: ImportRowError[];
}

/** The largest reorder level storage_items accepts (40_items.sql). */
export const MAX_REORDER_LEVEL = 1_000_000;

export function formatImportError(error: ImportRowError): string {
  return `Row ${error.row}: ${error.message}`;
}

const columnOrder = (field: ImportField) => IMPORT_FIELDS.indexOf(field);

/** The errors as a CSV, by row and then in column order, the seller can download and work through beside their file. */
export function importErrorsCsv(errors: readonly ImportRowError[]): string {
  return toCsv([
    ['Row', 'Column', 'Error'],
    ...[...errors]
      .sort((a, b) => a.row - b.row || columnOrder(a.field) - columnOrder(b.field))
      .map((error) => [error.row, COLUMN_HEADERS[error.field], error.message]),
  ]);
}

function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

/** A whole number from 0 from a cell ('3', ' 3 ', 3, '3.0', '0'), or null for anything else. */
export function parseWholeNumber(value: string | number | null | undefined): number | null {
  const cleaned = text(value);
  if (!/^\+?\d+(?:\.0+)?$/.test(cleaned)) return null;
  const number = Number(cleaned);
  return number <= LARGEST_WHOLE_NUMBER ? number : null;
}

/** A positive whole number from a cell ('3', ' 3 ', 3, '3.0'), or null for anything else. */
export function parsePositiveWholeNumber(value: string | number | null | undefined): number | null {
  const number = parseWholeNumber(value);
  return number !== null && number > 0 ? number : null;
}

/**
 * A quantity is a whole number from 0: 0 is out of stock, and the item keeps its place
 * (docs/product.md#import-and-export): an exported file must import back, and the
 * screens let a seller set 0, so only a missing, negative or fractional quantity is invalid.
 */
export const parseQuantity = parseWholeNumber;

interface UnitLookup {
  unit: TreeUnit;
  shelves: Map<number, TreeShelf>;
}
interface IsleLookup {
  isle: TreeIsle;
  units: Map<string, UnitLookup>;
}
interface RoomLookup {
  room: TreeRoom;
  isles: Map<number, IsleLookup>;
}

function setIfAbsent<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (!map.has(key)) map.set(key, value);
}

// Names that clash case-insensitively resolve to the first in display order (room_index,
// unit_index), which is the one the seller sees first on screen.
function buildLookup(rooms: readonly TreeRoom[]): Map<string, RoomLookup> {
  const byRoom = new Map<string, RoomLookup>();
  for (const room of sortedRooms(rooms)) {
    const isles = new Map<number, IsleLookup>();
    for (const isle of room.isles ?? []) {
      const units = new Map<string, UnitLookup>();
      for (const unit of sortedUnits(isle.units)) {
        const shelves = new Map<number, TreeShelf>();
        for (const shelf of unit.shelves ?? []) setIfAbsent(shelves, shelf.shelf_index, shelf);
        setIfAbsent(units, matchKey(unit.unit_name), { unit, shelves });
      }
      setIfAbsent(isles, isle.isle_index, { isle, units });
    }
    setIfAbsent(byRoom, matchKey(room.room_name), { room, isles });
  }
  return byRoom;
}

/**
 * Checks every row against the seller's storage before anything is written. A row can have
 * several errors (name, quantity, location, price, date); the location is checked room first and
 * stops at the first link that is missing, since nothing below it can be looked up.
 */
export function validateImportRows(
  rows: readonly ImportRow[],
  rooms: readonly TreeRoom[],
  options: {
    dateFormat?: DateFormat;
    /** Indexes of rows that update an existing item: their empty cells keep the item's value,
     * so only the cells they give are checked. */
    updating?: ReadonlySet<number>;
  } = {},
): ImportValidation {
  const dateFormat = options.dateFormat ?? DEFAULT_DATE_FORMAT;
  const lookup = buildLookup(rooms);
  const items: ResolvedImportRow[] = [];
  const updates: ResolvedUpdateRow[] = [];
  const errors: ImportRowError[] = [];

  rows.forEach((input, index) => {
    const row = index + 2;
    const updating = options.updating?.has(index) ?? false;
    const rowErrors: ImportRowError[] = [];
    const fail = (field: ImportField, message: string) => rowErrors.push({ row, field, message });

    const itemName = text(input.item_name);
    if (itemName === '' && !updating) fail('item_name', MISSING_ITEM_NAME);

    const quantityText = text(input.quantity);
    const quantity = parseQuantity(input.quantity);
    if (quantity === null && !(updating && quantityText === '')) fail('quantity', INVALID_QUANTITY);

    // An update row without any place keeps the item where it is.
    const keepsPlace = updating && LOCATION_FIELDS.every((field) => text(input[field]) === '');
    const isleNumber = keepsPlace ? null : parsePositiveWholeNumber(input.isle);
    if (isleNumber === null && !keepsPlace) fail('isle', INVALID_ISLE_NUMBER);

    const shelf = keepsPlace ? null : locate(input, isleNumber, lookup, fail);

    const priceText = text(input.price_paid);
    const price = priceText === '' ? null : parsePrice(priceText);
    if (priceText !== '' && price === null) fail('price_paid', invalidPrice(priceText));

    const expiryText = text(input.expiry_date);
    const expiry = expiryText === '' ? null : parseDate(expiryText, dateFormat);
    if (expiryText !== '' && expiry === null)
      fail('expiry_date', invalidExpiryDate(expiryText, dateFormat));

    // The bounds of storage_items.reorder_level; the database checks them again.
    const reorderText = text(input.reorder_level);
    const reorderLevel = reorderText === '' ? null : parseWholeNumber(reorderText);
    if (reorderText !== '' && (reorderLevel === null || reorderLevel > MAX_REORDER_LEVEL))
      fail('reorder_level', invalidReorderLevel(reorderText));

    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      return;
    }
    if (updating) {
      updates.push({
        row,
        item_name: itemName || null,
        quantity,
        shelf_id: shelf?.shelfId ?? null,
        barcode: text(input.barcode) || null,
        sku: text(input.sku) || null,
        price_paid: price,
        expiry_date: expiry,
        reorder_level: reorderLevel,
      });
      return;
    }
    if (quantity === null || shelf === null) return;
    items.push({
      row,
      item_name: itemName,
      quantity,
      unit_id: shelf.unitId,
      shelf_id: shelf.shelfId,
      barcode: text(input.barcode) || null,
      sku: text(input.sku) || null,
      price_paid: price,
      expiry_date: expiry,
      reorder_level: reorderLevel,
    });
  });
  return { items, updates, errors };
}

const LOCATION_FIELDS = ['room', 'isle', 'unit', 'shelf'] as const;

function locate(
  input: ImportRow,
  isleNumber: number | null,
  lookup: Map<string, RoomLookup>,
  fail: (field: ImportField, message: string) => void,
): { unitId: string; shelfId: string } | null {
  const roomName = text(input.room);
  const unitName = text(input.unit);
  const shelfNumber = parsePositiveWholeNumber(input.shelf);
  if (roomName === '') fail('room', MISSING_ROOM);
  if (unitName === '') fail('unit', MISSING_UNIT);
  if (shelfNumber === null) fail('shelf', INVALID_SHELF_NUMBER);
  if (roomName === '') return null;

  const room = lookup.get(matchKey(roomName));
  if (!room) {
    fail('room', roomNotFound(roomName));
    return null;
  }
  if (isleNumber === null) return null;
  const isle = room.isles.get(isleNumber);
  if (!isle) {
    fail('isle', isleNotFound(isleNumber, roomName));
    return null;
  }
  if (unitName === '') return null;
  const unit = isle.units.get(matchKey(unitName));
  if (!unit) {
    fail('unit', unitNotFound(unitName, isleNumber));
    return null;
  }
  if (shelfNumber === null) return null;
  const shelf = unit.shelves.get(shelfNumber);
  if (!shelf) {
    fail('shelf', shelfNotFound(shelfNumber, unitName));
    return null;
  }
  return { unitId: unit.unit.unit_id, shelfId: shelf.shelf_id };
}

/**
 * The refusal for an import that would take the seller past their plan's item limit, or null
 * when it fits. The whole import is refused, never part of it (docs/product.md#plans); the wording
 * is the one the database's import function uses, so the toast reads the same whichever refuses
 * first.
 */
export function importLimitProblem(
  planId: string | null | undefined,
  currentItemCount: number,
  adding: number,
): string | null {
  return canAdd(planId, 'items', currentItemCount, adding)
    ? null
    : importLimitMessage(planId, adding);
}

/**
 * How many more items fit and how many the file adds, in the words of the database's refusal
 * (private.check_import_limit's hint in supabase/schemas/45_import.sql).
 */
export function importRoomSentence(room: number, adding: number): string {
  return room <= 0
    ? `Your plan has no room for more items; this file adds ${adding}.`
    : `Your plan has room for ${room} more ${plural(room, 'item')}; this file adds ${adding}.`;
}

/** importRoomSentence for the plan's limit and the item count read with the file. */
export function importRoomLeft(
  planId: string | null | undefined,
  currentItemCount: number,
  adding: number,
): string {
  return importRoomSentence(getPlan(planId).limits.items - currentItemCount, adding);
}

/**
 * The bytes of a row as jsonb's text: its JSON in UTF-8 plus the space jsonb prints after each
 * ':' and ',' (an over-estimate for strings holding those characters, never an under-estimate).
 */
export function jsonbTextBytes(value: unknown): number {
  const json = JSON.stringify(value) ?? 'null';
  // Regular expressions, not a TextEncoder a row or a loop over the characters: those took a
  // tenth to a quarter of a second for 5000 rows.
  let bytes = json.length + (json.match(/[:,]/g)?.length ?? 0);
  if (/[\u0080-\uffff]/.test(json)) {
    bytes += json.match(/[\u0080-\u07ff]/g)?.length ?? 0; // 2 bytes: one more
    bytes += 2 * (json.match(/[\u0800-\ud7ff\ue000-\uffff]/g)?.length ?? 0); // 3 bytes: two more
    bytes += json.match(/[\ud800-\udfff]/g)?.length ?? 0; // 4 bytes in two halves: one more each
  }
  return bytes;
}

/**
 * Splits rows, in order, into the groups staged one request at a time: up to `size` rows and
 * `maxBytes` of jsonb text each (docs/product.md#import-and-export). A single row larger than
 * `maxBytes` still gets a batch of its own; the database refuses it with its own message.
 */
export function inBatches<T>(
  rows: readonly T[],
  size: number = IMPORT_BATCH_SIZE,
  maxBytes: number = IMPORT_BATCH_BYTES,
): T[][] {
  if (!Number.isInteger(size) || size <= 0)
    throw new RangeError(`Batch size must be a positive whole number, got ${size}`);
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 2; // the array's brackets
  for (const row of rows) {
    const rowBytes = jsonbTextBytes(row) + 2; // and the ', ' before it
    if (batch.length > 0 && (batch.length >= size || bytes + rowBytes > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(row);
    bytes += rowBytes;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The import_items log details: names are listed only for 20 items or fewer. */
export function importLogDetails(itemNames: readonly string[]): string {
  const count = itemNames.length;
  const summary = `Imported ${count} ${count === 1 ? 'item' : 'items'}`;
  if (count === 0 || count > IMPORT_LOG_NAME_LIMIT) return summary;
  return `${summary}: ${itemNames.join(', ')}`;
}
