// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src/domain/csv-parse';
import {
  COLUMN_HEADERS,
  IMPORT_FIELDS,
  MAX_IMPORT_FILE_BYTES,
  TEMPLATE_CSV,
  fieldForHeader,
  importFileProblem,
  looksLikeBinary,
  rowsFromRecords,
} from '../../../src/domain/csv-template';

const HEADER = [
  'Item Name',
  'Quantity',
  'Room',
  'Isle',
  'Unit',
  'Shelf',
  'Barcode',
  'SKU',
  'Price Paid',
  'Expiry Date',
  'Reorder Level',
];

describe('template', () => {
  it('has the spec columns in order', () => {
    expect(IMPORT_FIELDS.map((field) => COLUMN_HEADERS[field])).toEqual(HEADER);
  });
  it('is a header plus one example row that reads back into a row', () => {
    const records = parseCsv(TEMPLATE_CSV);
    expect(records[0]).toEqual(HEADER);
    expect(records).toHaveLength(2);
    const parsed = rowsFromRecords(records);
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.rows[0]).toMatchObject({
      item_name: 'Blue ceramic mug',
      quantity: '2',
      room: 'Garage',
      isle: '1',
      unit: 'A',
      shelf: '1',
    });
  });
});

describe('fieldForHeader', () => {
  it.each([
    ['Item Name', 'item_name'],
    ['item_name', 'item_name'],
    ['  ITEM-NAME ', 'item_name'],
    ['\uFEFFItem Name', 'item_name'],
    ['Qty', 'quantity'],
    ['Aisle', 'isle'],
    ['isle number', 'isle'],
    ['Price', 'price_paid'],
    ['price_paid', 'price_paid'],
    ['Expiration Date', 'expiry_date'],
    ['sku', 'sku'],
    ['UPC', 'barcode'],
  ])('maps %j to %s', (header, field) => {
    expect(fieldForHeader(header)).toBe(field);
  });
  it('does not map unknown headers', () => {
    expect(fieldForHeader('Colour')).toBeNull();
    expect(fieldForHeader('')).toBeNull();
    expect(fieldForHeader('constructor')).toBeNull();
    expect(fieldForHeader('toString')).toBeNull();
  });
});

describe('rowsFromRecords', () => {
  it('keys cells by field, whatever the column order, ignoring unknown columns', () => {
    const parsed = rowsFromRecords([
      ['qty', 'Notes', 'ROOM', 'item name', 'isle', 'unit', 'shelf'],
      ['2', 'fragile', 'Garage', 'Mug', '1', 'A', '3'],
    ]);
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.rows).toEqual([
      { quantity: '2', room: 'Garage', item_name: 'Mug', isle: '1', unit: 'A', shelf: '3' },
    ]);
  });
  it('fills short records with blanks and drops trailing blank lines only', () => {
    const parsed = rowsFromRecords([HEADER, ['Mug'], ['', '', ''], ['Cup', '1'], [''], ['  ']]);
    expect(parsed.rows).toHaveLength(3);
    expect(parsed.rows[0]?.quantity).toBe('');
    expect(parsed.rows[2]?.item_name).toBe('Cup');
  });
  it('reports an empty file', () => {
    expect(rowsFromRecords([]).fileProblems).toEqual(['The file is empty']);
    expect(rowsFromRecords([[''], ['']]).fileProblems).toEqual(['The file is empty']);
  });
  it('reports a header with no items', () => {
    expect(rowsFromRecords([HEADER, ['']])).toEqual({
      rows: [],
      fileProblems: ['The file has a header but no items'],
      formulaCells: [],
    });
  });
  it('reports the wrong delimiter', () => {
    expect(rowsFromRecords([[HEADER.join(';')], ['a;1']]).fileProblems).toEqual([
      "Columns must be separated by commas; this file uses ';'",
    ]);
    expect(rowsFromRecords([[HEADER.join('\t')]]).fileProblems).toEqual([
      'Columns must be separated by commas; this file uses tabs',
    ]);
  });
  it('names missing required columns', () => {
    expect(
      rowsFromRecords([
        ['Item Name', 'Quantity', 'Room'],
        ['a', '1', 'b'],
      ]).fileProblems,
    ).toEqual(['Missing columns: Isle, Unit, Shelf']);
    expect(rowsFromRecords([HEADER.filter((h) => h !== 'Shelf')]).fileProblems).toEqual([
      'Missing column: Shelf',
    ]);
  });
  it('names repeated columns', () => {
    expect(rowsFromRecords([[...HEADER, 'qty'], []]).fileProblems).toEqual([
      "Column 'Quantity' appears more than once",
    ]);
  });
  it('flags formula cells with their row number and restores neutralised ones', () => {
    const parsed = rowsFromRecords([
      HEADER,
      ["=cmd|' /C calc'!A0", '1', 'Garage', '1', 'A', '1'],
      ["'=SUM(1)", '1', 'Garage', '1', 'A', '1', '', '@x'],
    ]);
    expect(parsed.formulaCells).toEqual([
      {
        row: 2,
        field: 'item_name',
        message:
          "Item Name looks like a spreadsheet formula; start the cell with an apostrophe (') to keep it as text",
      },
      {
        row: 3,
        field: 'sku',
        message:
          "SKU looks like a spreadsheet formula; start the cell with an apostrophe (') to keep it as text",
      },
    ]);
    expect(parsed.rows[1]?.item_name).toBe('=SUM(1)');
  });
  it('turns binary junk into a missing-columns problem rather than rows', () => {
    const parsed = rowsFromRecords(parseCsv('\u0000\u0001PK\u0003\u0004junk'));
    expect(parsed.rows).toEqual([]);
    expect(parsed.fileProblems[0]).toMatch(/^Missing columns: Item Name/);
  });
});

describe('file checks', () => {
  it('refuses empty, oversized and non-CSV files', () => {
    expect(importFileProblem({ name: 'stock.csv', size: 0 })).toBe('The file is empty');
    expect(importFileProblem({ name: 'stock.csv', size: 50 * 1024 * 1024 })).toBe(
      'The file is too large; the limit is 10 MB',
    );
    expect(importFileProblem({ name: 'stock.xlsx', size: 100 })).toBe('Please choose a .csv file');
    expect(importFileProblem({ name: 'Stock.CSV', size: MAX_IMPORT_FILE_BYTES })).toBeNull();
  });
  it('spots binary content', () => {
    expect(looksLikeBinary('PK\u0003\u0004\u0000\u0000')).toBe(true);
    expect(looksLikeBinary('\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD')).toBe(true);
    expect(looksLikeBinary(TEMPLATE_CSV)).toBe(false);
  });
});
