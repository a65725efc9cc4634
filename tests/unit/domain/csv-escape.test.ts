// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  escapeCsvCell,
  exportItemsCsv,
  exportRow,
  isFormulaInjection,
  neutraliseCell,
  restoreCell,
  toCsv,
  toCsvLine,
} from '../../../src/domain/csv-escape';
import { parseCsv } from '../../../src/domain/csv-parse';
import { rowsFromRecords } from '../../../src/domain/csv-template';
import { indexShelves } from '../../../src/domain/storage-tree';
import { storage } from './storage-fixture';

describe('escapeCsvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(escapeCsvCell('Blue mug')).toBe('Blue mug');
    expect(escapeCsvCell(42)).toBe('42');
    expect(escapeCsvCell(4.5)).toBe('4.5');
    expect(escapeCsvCell(-3)).toBe('-3');
  });
  it('writes nothing for null and undefined', () => {
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
  });
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(escapeCsvCell('Mug, blue')).toBe('"Mug, blue"');
    expect(escapeCsvCell('12" record')).toBe('"12"" record"');
    expect(escapeCsvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(escapeCsvCell('a\r\nb')).toBe('"a\r\nb"');
  });
  it.each([
    "=cmd|' /C calc'!A0",
    '+1+1',
    '-2+3',
    '@SUM(A1)',
    '\tTAB',
    '\rCR',
    ' =HYPERLINK("http://x")',
    '\u00A0\u200B+1',
    '\uFF1Dcmd',
    '\uFF0B1',
    '\uFF0D1',
    '\uFF20SUM(A1)',
    '  \uFF1D1',
  ])('neutralises %j so a spreadsheet shows it as text', (value) => {
    expect(escapeCsvCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
  });
  it('neutralises and quotes together', () => {
    expect(escapeCsvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('neutraliseCell and restoreCell', () => {
  it.each([
    '=1+1',
    '+44',
    '-',
    '@home',
    "'90s jacket",
    "''",
    "'=x",
    'plain',
    '',
    '\tx',
    ' =x',
    '\uFF1Dx',
  ])('round-trips %j', (value) => {
    expect(restoreCell(neutraliseCell(value))).toBe(value);
  });
  it("keeps a seller's own leading apostrophe when it was not ours", () => {
    expect(restoreCell("'90s jacket")).toBe("'90s jacket");
    expect(neutraliseCell("'90s jacket")).toBe("''90s jacket");
  });
});

describe('isFormulaInjection', () => {
  it.each([
    '=cmd',
    '=1+1',
    '@SUM(A1)',
    '+A1',
    '-A1',
    '- vintage',
    '\t=1',
    '\rx',
    ' =cmd',
    '\uFF1Dcmd',
  ])('flags %j', (value) => {
    expect(isFormulaInjection(value)).toBe(true);
  });
  it.each(['-3', '+2.5', '-1,5', 'Mug', '', "'=cmd", 'a=b', ' -3', 'Mug =1'])(
    'lets %j through',
    (value) => {
      expect(isFormulaInjection(value)).toBe(false);
    },
  );
});

describe('CSV lines', () => {
  it('joins cells with commas and rows with CRLF, ending with one', () => {
    expect(toCsvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"');
    expect(
      toCsv([
        ['a', 'b'],
        [1, 2],
      ]),
    ).toBe('a,b\r\n1,2\r\n');
  });
});

describe('export', () => {
  const item = {
    item_name: 'Blue mug',
    quantity: 3,
    shelf_id: 'garage-1-b-2',
    barcode: '5012345678900',
    sku: 'MUG-1',
    price_paid: '4.50',
    expiry_date: '2026-01-31',
    reorder_level: 2,
  };

  it('shapes a row like the import template, with names and numbers for the location', () => {
    expect(exportRow(item, indexShelves(storage).get(item.shelf_id))).toEqual({
      item_name: 'Blue mug',
      quantity: 3,
      room: 'Garage',
      isle: 1,
      unit: 'B',
      shelf: 2,
      barcode: '5012345678900',
      sku: 'MUG-1',
      price_paid: 4.5,
      expiry_date: '2026-01-31',
      reorder_level: 2,
    });
  });
  it('leaves the location blank for an item not on a shelf, and a bad price blank', () => {
    const row = exportRow({ ...item, shelf_id: null, price_paid: 'n/a' }, undefined);
    expect([row.room, row.isle, row.unit, row.shelf, row.price_paid]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(exportRow({ ...item, price_paid: null }, undefined).price_paid).toBeNull();
  });
  it('writes the template header then one escaped row per item', () => {
    const csv = exportItemsCsv(
      [
        item,
        {
          ...item,
          item_name: '=evil, "quoted"',
          shelf_id: 'gone',
          barcode: null,
          sku: null,
          price_paid: null,
          expiry_date: null,
          reorder_level: null,
        },
      ],
      storage,
    );
    expect(csv.split('\r\n')).toEqual([
      'Item Name,Quantity,Room,Isle,Unit,Shelf,Barcode,SKU,Price Paid,Expiry Date,Reorder Level',
      'Blue mug,3,Garage,1,B,2,5012345678900,MUG-1,4.5,2026-01-31,2',
      '"\'=evil, ""quoted""",3,,,,,,,,,',
      '',
    ]);
  });
  it('adds a last Photo column with each picture’s link when given, which import ignores', () => {
    const csv = exportItemsCsv(
      [
        { ...item, item_id: 'with-photo' },
        { ...item, item_id: 'without', item_name: 'Plain mug' },
      ],
      storage,
      new Map([['with-photo', 'https://example.test/sign/a.jpg?token=t']]),
    );
    expect(csv.split('\r\n')).toEqual([
      'Item Name,Quantity,Room,Isle,Unit,Shelf,Barcode,SKU,Price Paid,Expiry Date,Reorder Level,Photo',
      'Blue mug,3,Garage,1,B,2,5012345678900,MUG-1,4.5,2026-01-31,2,https://example.test/sign/a.jpg?token=t',
      'Plain mug,3,Garage,1,B,2,5012345678900,MUG-1,4.5,2026-01-31,2,',
      '',
    ]);
    const parsed = rowsFromRecords(parseCsv(csv));
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.rows.map((row) => row.item_name)).toEqual(['Blue mug', 'Plain mug']);
  });
  it('writes just the header for no items', () => {
    expect(exportItemsCsv([], storage)).toBe(
      'Item Name,Quantity,Room,Isle,Unit,Shelf,Barcode,SKU,Price Paid,Expiry Date,Reorder Level\r\n',
    );
  });
});
