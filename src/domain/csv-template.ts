import { isFormulaInjection, restoreCell, toCsv } from './csv-escape';
import {
  COLUMN_HEADERS,
  IMPORT_FIELDS,
  REQUIRED_FIELDS,
  type ImportField,
  type ImportRow,
  type ImportRowError,
} from './import-columns';

export * from './import-columns';

/** Header line, then one example row showing what each column expects. */
export const TEMPLATE_CSV = toCsv([
  IMPORT_FIELDS.map((field) => COLUMN_HEADERS[field]),
  ['Blue ceramic mug', 2, 'Garage', 1, 'A', 1, '5012345678900', 'MUG-BLUE', 4.5, '2026-12-31', 1],
]);

export const TEMPLATE_FILE_NAME = 'stockroom-import-template.csv';

// Headers are compared with case, spaces, underscores, dashes and dots removed, so 'Item Name',
// 'item_name' and 'ITEM-NAME' all match. 'Aisle' is here because that is how most sellers spell it.
// A Map, not an object, so a header such as 'constructor' can't find Object.prototype.
const HEADER_ALIASES: ReadonlyMap<string, ImportField> = new Map<string, ImportField>([
  ['itemname', 'item_name'],
  ['item', 'item_name'],
  ['name', 'item_name'],
  ['title', 'item_name'],
  ['productname', 'item_name'],
  ['quantity', 'quantity'],
  ['qty', 'quantity'],
  ['room', 'room'],
  ['roomname', 'room'],
  ['isle', 'isle'],
  ['islenumber', 'isle'],
  ['isleno', 'isle'],
  ['aisle', 'isle'],
  ['aislenumber', 'isle'],
  ['unit', 'unit'],
  ['unitname', 'unit'],
  ['shelf', 'shelf'],
  ['shelfnumber', 'shelf'],
  ['shelfno', 'shelf'],
  ['barcode', 'barcode'],
  ['upc', 'barcode'],
  ['ean', 'barcode'],
  ['sku', 'sku'],
  ['pricepaid', 'price_paid'],
  ['price', 'price_paid'],
  ['cost', 'price_paid'],
  ['expirydate', 'expiry_date'],
  ['expiry', 'expiry_date'],
  ['expirationdate', 'expiry_date'],
  ['expires', 'expiry_date'],
  ['bestbefore', 'expiry_date'],
  ['reorderlevel', 'reorder_level'],
  ['reorderpoint', 'reorder_level'],
  ['reorderat', 'reorder_level'],
]);

function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');
}

/** The field a header names, or null when it is not one of ours. */
export function fieldForHeader(header: string): ImportField | null {
  return HEADER_ALIASES.get(headerKey(header)) ?? null;
}

/** 5000 rows (the largest plan) of full columns is well under 2 MB; 10 MB leaves room. */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;

/** A reason to refuse a file before parsing it, or null. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return 'The file is empty';
  if (file.size > MAX_IMPORT_FILE_BYTES) return 'The file is too large; the limit is 10 MB';
  if (!/\.csv$/i.test(file.name.trim())) return 'Please choose a .csv file';
  return null;
}

/** Binary files decode to text full of NULs and replacement characters; CSV never has them. */
export function looksLikeBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  return sample.includes('\u0000') || (sample.match(/\uFFFD/g)?.length ?? 0) > 4;
}

export interface ParsedImport {
  rows: ImportRow[];
  /** Problems with the file as a whole; when any exist, rows is empty. */
  fileProblems: string[];
  /** Cells that would run as spreadsheet formulas, reported like row errors. */
  formulaCells: ImportRowError[];
}

export function formulaCellMessage(field: ImportField): string {
  return `${COLUMN_HEADERS[field]} looks like a spreadsheet formula; start the cell with an apostrophe (') to keep it as text`;
}

function isBlankRecord(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/**
 * Turns CSV records (header first) into rows keyed by field. File-level problems (empty file,
 * no data rows, wrong delimiter, missing or repeated columns) are reported in words a seller
 * can act on. Row numbers are the data index + 2, i.e. the spreadsheet line
 * (docs/product.md#import-and-export).
 */
export function rowsFromRecords(records: readonly (readonly string[])[]): ParsedImport {
  const failed = (message: string): ParsedImport => ({
    rows: [],
    fileProblems: [message],
    formulaCells: [],
  });

  const lastUsed = records.findLastIndex((record) => !isBlankRecord(record));
  const header = records[0];
  if (header === undefined || lastUsed === -1) return failed('The file is empty');

  if (header.length === 1) {
    const single = header[0] ?? '';
    const other = [';', '\t', '|'].find((separator) => single.includes(separator));
    if (other !== undefined) {
      const shown = other === '\t' ? 'tabs' : `'${other}'`;
      return failed(`Columns must be separated by commas; this file uses ${shown}`);
    }
  }

  const fieldAt = header.map(fieldForHeader);
  const problems: string[] = [];
  const missing = REQUIRED_FIELDS.filter((field) => !fieldAt.includes(field));
  if (missing.length > 0) {
    problems.push(
      `Missing column${missing.length > 1 ? 's' : ''}: ${missing.map((field) => COLUMN_HEADERS[field]).join(', ')}`,
    );
  }
  const repeated = IMPORT_FIELDS.filter((field) => fieldAt.filter((at) => at === field).length > 1);
  for (const field of repeated)
    problems.push(`Column '${COLUMN_HEADERS[field]}' appears more than once`);
  if (problems.length > 0) return { rows: [], fileProblems: problems, formulaCells: [] };

  if (lastUsed === 0) return failed('The file has a header but no items');

  const rows: ImportRow[] = [];
  const formulaCells: ImportRowError[] = [];
  records.slice(1, lastUsed + 1).forEach((record, index) => {
    const row: ImportRow = {};
    fieldAt.forEach((field, column) => {
      if (field === null) return;
      const raw = record[column] ?? '';
      if (isFormulaInjection(raw)) {
        formulaCells.push({ row: index + 2, field, message: formulaCellMessage(field) });
      }
      row[field] = restoreCell(raw);
    });
    rows.push(row);
  });
  return { rows, fileProblems: [], formulaCells };
}
