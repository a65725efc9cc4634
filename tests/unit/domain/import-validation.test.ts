// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exportItemsCsv } from '../../../src/domain/csv-escape';
import { parseCsv } from '../../../src/domain/csv-parse';
import { rowsFromRecords } from '../../../src/domain/csv-template';
import type { ImportRow } from '../../../src/domain/import-columns';
import {
  IMPORT_BATCH_BYTES,
  IMPORT_BATCH_SIZE,
  formatImportError,
  importErrorsCsv,
  importLimitProblem,
  importLogDetails,
  inBatches,
  jsonbTextBytes,
  parsePositiveWholeNumber,
  validateImportRows,
} from '../../../src/domain/import-validation';
import { storage } from './storage-fixture';

const good: ImportRow = {
  item_name: 'Blue mug',
  quantity: '3',
  room: 'Garage',
  isle: '1',
  unit: 'B',
  shelf: '2',
};

function errorsFor(row: ImportRow, options?: Parameters<typeof validateImportRows>[2]) {
  return validateImportRows([row], storage, options).errors.map((error) => error.message);
}

describe('validateImportRows: a good row', () => {
  it('resolves the unit and shelf ids and cleans the values', () => {
    const result = validateImportRows(
      [
        {
          ...good,
          item_name: '  Blue mug ',
          barcode: ' 123 ',
          sku: '',
          price_paid: '$4.50',
          expiry_date: '2026-01-31',
        },
      ],
      storage,
    );
    expect(result.errors).toEqual([]);
    expect(result.items).toEqual([
      {
        row: 2,
        item_name: 'Blue mug',
        quantity: 3,
        unit_id: 'garage-1-b',
        shelf_id: 'garage-1-b-2',
        barcode: '123',
        sku: null,
        price_paid: 4.5,
        expiry_date: '2026-01-31',
        reorder_level: null,
      },
    ]);
  });
  it('matches room and unit names ignoring case and spaces', () => {
    const result = validateImportRows([{ ...good, room: ' gArAgE ', unit: 'b' }], storage);
    expect(result.items[0]?.shelf_id).toBe('garage-1-b-2');
  });
  it('accepts numbers straight from a spreadsheet', () => {
    const result = validateImportRows(
      [{ ...good, quantity: 5, isle: 2, unit: 'A', shelf: 1, price_paid: 12 }],
      storage,
    );
    expect(result.items[0]).toMatchObject({
      quantity: 5,
      shelf_id: 'garage-2-a-1',
      price_paid: 12,
    });
  });
  it('validates nothing for no rows', () => {
    expect(validateImportRows([], storage)).toEqual({ items: [], updates: [], errors: [] });
  });
});

describe('validateImportRows: spec messages', () => {
  it.each([[''], ['   '], [null], [undefined]])("gives 'Missing item name' for %j", (name) => {
    expect(errorsFor({ ...good, item_name: name })).toEqual(['Missing item name']);
  });
  it.each([
    [''],
    ['-2'],
    ['-0.5'],
    ['2.5'],
    ['abc'],
    ['1e3'],
    [null],
    [-1],
    [1.5],
    ['99999999999'],
  ])("gives 'Invalid quantity' for %j", (quantity) => {
    expect(errorsFor({ ...good, quantity })).toEqual(['Invalid quantity']);
  });
  it('accepts whole quantities written loosely', () => {
    expect(errorsFor({ ...good, quantity: ' 7 ' })).toEqual([]);
    expect(errorsFor({ ...good, quantity: '7.0' })).toEqual([]);
  });

  it('takes quantity 0 (out of stock, as the screens and an export allow)', () => {
    expect(errorsFor({ ...good, quantity: '0' })).toEqual([]);
    expect(errorsFor({ ...good, quantity: 0 })).toEqual([]);
  });
  it.each([[''], ['0'], ['-1'], ['x'], [null]])("gives 'Invalid isle number' for %j", (isle) => {
    expect(errorsFor({ ...good, isle })).toEqual(['Invalid isle number']);
  });
  it('names a room that does not exist', () => {
    expect(errorsFor({ ...good, room: 'Basement' })).toEqual(["Room 'Basement' not found"]);
  });
  it('names an isle missing from the room', () => {
    expect(errorsFor({ ...good, room: 'loft', isle: '2' })).toEqual([
      "Isle 2 not found in room 'loft'",
    ]);
  });
  it('names a unit missing from the isle', () => {
    expect(errorsFor({ ...good, unit: 'C' })).toEqual(["Unit 'C' not found in isle 1"]);
  });
  it('names a shelf missing from the unit', () => {
    expect(errorsFor({ ...good, shelf: '3' })).toEqual(["Shelf 3 not found in unit 'B'"]);
  });
  it('uses the row number index + 2', () => {
    const result = validateImportRows(
      [good, { ...good, item_name: '' }, good, { ...good, room: 'Nowhere' }],
      storage,
    );
    expect(result.errors.map(formatImportError)).toEqual([
      'Row 3: Missing item name',
      "Row 5: Room 'Nowhere' not found",
    ]);
    expect(result.items.map((item) => item.row)).toEqual([2, 4]);
  });
});

describe('validateImportRows: other checks', () => {
  it('reports blank location cells clearly', () => {
    expect(errorsFor({ ...good, room: '' })).toEqual(['Missing room']);
    expect(errorsFor({ ...good, unit: ' ' })).toEqual(['Missing unit']);
    expect(errorsFor({ ...good, shelf: '0' })).toEqual(['Invalid shelf number']);
  });
  it('stops the location chain at the first missing link', () => {
    expect(errorsFor({ ...good, room: 'Basement', unit: 'Z', shelf: '9' })).toEqual([
      "Room 'Basement' not found",
    ]);
    expect(errorsFor({ ...good, isle: '0', unit: 'Z' })).toEqual(['Invalid isle number']);
  });
  it('reports every independent problem in a row', () => {
    const result = validateImportRows(
      [
        {
          item_name: '',
          quantity: '-1',
          room: 'Garage',
          isle: '',
          unit: 'B',
          shelf: '1',
          price_paid: 'free',
        },
      ],
      storage,
    );
    expect(result.errors).toEqual([
      { row: 2, field: 'item_name', message: 'Missing item name' },
      { row: 2, field: 'quantity', message: 'Invalid quantity' },
      { row: 2, field: 'isle', message: 'Invalid isle number' },
      {
        row: 2,
        field: 'price_paid',
        message: "Invalid price paid 'free': use a number such as 4.99",
      },
    ]);
    expect(result.items).toEqual([]);
  });
  it('refuses a bad or negative price but allows none', () => {
    expect(errorsFor({ ...good, price_paid: '-3' })).toEqual([
      "Invalid price paid '-3': use a number such as 4.99",
    ]);
    expect(errorsFor({ ...good, price_paid: ' ' })).toEqual([]);
  });
  it("reads expiry dates as ISO or in the seller's format", () => {
    expect(
      validateImportRows([{ ...good, expiry_date: '31/01/2026' }], storage, { dateFormat: 'UK' })
        .items[0]?.expiry_date,
    ).toBe('2026-01-31');
    expect(
      validateImportRows([{ ...good, expiry_date: '01/31/2026' }], storage).items[0]?.expiry_date,
    ).toBe('2026-01-31');
  });
  it('explains a bad expiry date with the expected format', () => {
    expect(errorsFor({ ...good, expiry_date: '31/01/2026' })).toEqual([
      "Invalid expiry date '31/01/2026': use MM/DD/YYYY or YYYY-MM-DD",
    ]);
    expect(errorsFor({ ...good, expiry_date: 'soon' }, { dateFormat: 'UK' })).toEqual([
      "Invalid expiry date 'soon': use DD/MM/YYYY or YYYY-MM-DD",
    ]);
  });
  it('resolves clashing room names to the first room by room_index', () => {
    const twins = [
      {
        room_id: 'second',
        room_name: 'Store',
        room_index: 2,
        isles: [
          {
            isle_id: 'x',
            isle_index: 1,
            units: [
              { unit_id: 'ux', unit_name: 'A', shelves: [{ shelf_id: 'sx', shelf_index: 1 }] },
            ],
          },
        ],
      },
      {
        room_id: 'first',
        room_name: 'STORE',
        room_index: 1,
        isles: [
          {
            isle_id: 'y',
            isle_index: 1,
            units: [
              { unit_id: 'uy', unit_name: 'A', shelves: [{ shelf_id: 'sy', shelf_index: 1 }] },
            ],
          },
        ],
      },
    ];
    expect(
      validateImportRows([{ ...good, room: 'store', unit: 'a', shelf: '1' }], twins).items[0]
        ?.shelf_id,
    ).toBe('sy');
  });
});

describe('validateImportRows: clashing unit names', () => {
  it('resolves to the first unit by unit_index', () => {
    const rooms = [
      {
        room_id: 'r',
        room_name: 'Garage',
        room_index: 1,
        isles: [
          {
            isle_id: 'i',
            isle_index: 1,
            units: [
              {
                unit_id: 'later',
                unit_name: 'a',
                unit_index: 2,
                shelves: [{ shelf_id: 's-later', shelf_index: 2 }],
              },
              {
                unit_id: 'earlier',
                unit_name: 'A ',
                unit_index: 1,
                shelves: [{ shelf_id: 's-earlier', shelf_index: 2 }],
              },
            ],
          },
        ],
      },
    ];
    expect(validateImportRows([{ ...good, unit: 'a' }], rooms).items[0]?.unit_id).toBe('earlier');
  });
});

describe('importErrorsCsv', () => {
  it('lists the errors by row with the column header, ready to download', () => {
    const { errors } = validateImportRows(
      [good, { ...good, room: 'Shed, back' }, { ...good, item_name: '', quantity: '-1' }],
      storage,
    );
    expect(importErrorsCsv([...errors].reverse())).toBe(
      'Row,Column,Error\r\n' +
        '3,Room,"Room \'Shed, back\' not found"\r\n' +
        '4,Item Name,Missing item name\r\n' +
        '4,Quantity,Invalid quantity\r\n',
    );
  });
});

describe('parsePositiveWholeNumber', () => {
  it('reads positive whole numbers only', () => {
    expect(parsePositiveWholeNumber('12')).toBe(12);
    expect(parsePositiveWholeNumber('+3')).toBe(3);
    expect(parsePositiveWholeNumber(2147483647)).toBe(2147483647);
    expect(parsePositiveWholeNumber(2147483648)).toBeNull();
    expect(parsePositiveWholeNumber('0x10')).toBeNull();
    expect(parsePositiveWholeNumber(undefined)).toBeNull();
  });
});

describe('export → import round trip', () => {
  it('reads an export back to the same items and shelves', () => {
    const items = [
      {
        item_name: 'Mug, "blue"',
        quantity: 3,
        shelf_id: 'garage-1-b-2',
        barcode: '5012345678900',
        sku: 'MUG-1',
        price_paid: 4.5,
        expiry_date: '2026-01-31',
        reorder_level: 3,
      },
      {
        item_name: '=SUM(A1)',
        quantity: 1,
        shelf_id: 'loft-1-a-1',
        barcode: null,
        sku: '-007',
        price_paid: null,
        expiry_date: null,
        reorder_level: 0,
      },
      {
        item_name: "'90s jacket\nsize M",
        quantity: 12,
        shelf_id: 'garage-2-a-1',
        barcode: 'abc',
        sku: null,
        price_paid: 1200,
        expiry_date: null,
        reorder_level: null,
      },
    ];
    const parsed = rowsFromRecords(parseCsv(exportItemsCsv(items, storage)));
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.formulaCells).toEqual([]);
    const result = validateImportRows(parsed.rows, storage);
    expect(result.errors).toEqual([]);
    expect(result.items.map(({ row: _row, unit_id: _unit, ...item }) => item)).toEqual(items);
    // the reorder levels come back as they went out: 3, 0 and none
    expect(result.items.map((item) => item.reorder_level)).toEqual([3, 0, null]);
  });

  it('reads a Reorder Level column: a whole number from 0, else says so', () => {
    const header = 'Item Name,Quantity,Room,Isle,Unit,Shelf,Reorder Level';
    const parsed = rowsFromRecords(
      parseCsv(
        [
          header,
          'A,1,Garage,1,A,1,2',
          'B,1,Garage,1,A,1,',
          'C,1,Garage,1,A,1,-1',
          'D,1,Garage,1,A,1,1.5',
        ].join('\n'),
      ),
    );
    const result = validateImportRows(parsed.rows, storage);
    expect(result.items.map((item) => item.reorder_level)).toEqual([2, null]);
    expect(result.errors).toEqual([
      {
        row: 4,
        field: 'reorder_level',
        message: "Invalid reorder level '-1': use a whole number from 0, such as 3",
      },
      {
        row: 5,
        field: 'reorder_level',
        message: "Invalid reorder level '1.5': use a whole number from 0, such as 3",
      },
    ]);
  });
});

describe('importLimitProblem', () => {
  it('allows an import that reaches the limit exactly', () => {
    expect(importLimitProblem('free', 90, 10)).toBeNull();
  });
  it('refuses one that goes past it, with the spec wording', () => {
    expect(importLimitProblem('free', 90, 11)).toBe(
      'Adding 11 items would exceed your free plan limit of 100 items',
    );
    expect(importLimitProblem('elite', 0, 5001)).toBe(
      'Adding 5001 items would exceed your elite plan limit of 5000 items',
    );
  });
});

describe('inBatches', () => {
  it('writes in groups of 500 by default', () => {
    const rows = Array.from({ length: 1200 }, (_, i) => i);
    expect(IMPORT_BATCH_SIZE).toBe(500);
    expect(inBatches(rows).map((batch) => batch.length)).toEqual([500, 500, 200]);
    expect(inBatches(rows).flat()).toEqual(rows);
  });
  it('makes no batch for no rows, and one for exactly 50', () => {
    expect(inBatches([])).toEqual([]);
    expect(
      inBatches(
        Array.from({ length: 50 }, () => 'x'),
        50,
      ),
    ).toHaveLength(1);
  });
  it('refuses a nonsense batch size', () => {
    expect(() => inBatches([1], 0)).toThrow(RangeError);
  });
  it('counts a row as jsonb prints it: UTF-8, a space after each colon and comma', () => {
    const row = { item_name: 'Café, \u{1F4E6} €', quantity: 3, sku: null };
    const printed = '{"item_name": "Café, \u{1F4E6} €", "quantity": 3, "sku": null}';
    // the comma inside the name is counted with a space too: an over-estimate, never under
    expect(jsonbTextBytes(row)).toBe(new TextEncoder().encode(printed).length + 1);
  });
  it('keeps each batch within the bytes the database allows, as jsonb prints it', () => {
    // The longest row the checks let through: 500 four-byte characters of name, full codes.
    const row = {
      item_name: '\u{1F4E6}'.repeat(500),
      quantity: 2147483647,
      shelf_id: '00000000-0000-4000-8000-000000000000',
      barcode: 'b'.repeat(200),
      sku: 's'.repeat(100),
      price_paid: 9999999999.99,
      expiry_date: '2199-12-31',
    };
    const rows = Array.from({ length: 500 }, () => row);
    const batches = inBatches(rows);
    expect(batches.flat()).toHaveLength(500);
    for (const batch of batches) {
      // what octet_length(rows::text) counts for a jsonb array of these rows
      const text = `[${batch.map((r) => JSON.stringify(r).replace(/":/g, '": ').replace(/,"/g, ', "')).join(', ')}]`;
      expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(IMPORT_BATCH_BYTES);
    }
    expect(IMPORT_BATCH_BYTES).toBeLessThanOrEqual(128 * 1024);
    // still at least 50 rows a batch, so the plan's item limit fits the staged-batch cap
    expect(batches[0]!.length).toBeGreaterThanOrEqual(45);
  });
});

describe('importLogDetails', () => {
  it('lists the names for 20 items or fewer', () => {
    expect(importLogDetails(['Mug'])).toBe('Imported 1 item: Mug');
    const twenty = Array.from({ length: 20 }, (_, i) => `Item ${i + 1}`);
    expect(importLogDetails(twenty)).toBe(`Imported 20 items: ${twenty.join(', ')}`);
  });
  it('gives only the count above 20', () => {
    expect(importLogDetails(Array.from({ length: 21 }, (_, i) => `Item ${i}`))).toBe(
      'Imported 21 items',
    );
  });
  it('handles an empty import', () => {
    expect(importLogDetails([])).toBe('Imported 0 items');
  });
});
