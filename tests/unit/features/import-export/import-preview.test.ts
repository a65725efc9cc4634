// @vitest-environment node
// The preview the seller sees before committing: every spec message with its row number, read
// from a real file, plus formula cells and the plan limit, and when commit is allowed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TreeRoom } from '../../../../src/domain/storage-tree';
import { formatImportError } from '../../../../src/domain/import-validation';
import {
  buildImportPreview,
  canCommit,
  commitLabel,
  importCounts,
} from '../../../../src/features/import-export/import-preview';
import { parseImportText } from '../../../../src/features/import-export/read-import-file';

const FIXTURES = path.join(process.cwd(), 'tests', 'fixtures', 'import');
const read = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

/** Garage › isles 1-2 › units A, B › shelves 1-3. */
const ROOMS: TreeRoom[] = [
  {
    room_id: 'r1',
    room_name: 'Garage',
    room_index: 1,
    isles: [1, 2].map((isle) => ({
      isle_id: `i${isle}`,
      isle_index: isle,
      units: ['A', 'B'].map((unit, u) => ({
        unit_id: `u${isle}${unit}`,
        unit_name: unit,
        unit_index: u + 1,
        shelves: [1, 2, 3].map((shelf) => ({
          shelf_id: `s${isle}${unit}${shelf}`,
          shelf_index: shelf,
        })),
      })),
    })),
  },
];

function previewOf(csv: string, opts: { planId?: string; current?: number } = {}) {
  return buildImportPreview({
    fileName: 'items.csv',
    parsed: parseImportText(csv),
    rooms: ROOMS,
    planId: opts.planId ?? 'free',
    currentItemCount: opts.current ?? 0,
    dateFormat: 'US',
  });
}

describe('import preview: the spec messages, with row numbers (index + 2)', () => {
  it('lists one error per rule from a file that breaks each one', () => {
    const preview = previewOf(read('every-error.csv'));
    expect(preview.errors.map(formatImportError)).toEqual([
      'Row 2: Missing item name',
      'Row 3: Invalid quantity',
      'Row 4: Invalid isle number',
      "Row 5: Room 'Attic' not found",
      "Row 6: Isle 9 not found in room 'Garage'",
      "Row 7: Unit 'Z' not found in isle 1",
      "Row 8: Shelf 7 not found in unit 'A'",
    ]);
    expect(preview.rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    // the one good row is checked, but the file is refused whole
    expect(preview.items.map((item) => item.row)).toEqual([9]);
    expect(canCommit(preview)).toBe(false);
  });

  it('matches names case-insensitively and resolves every good row', () => {
    const preview = previewOf(read('good.csv'));
    expect(preview.errors).toEqual([]);
    expect(preview.items.map((item) => [item.row, item.shelf_id, item.expiry_date])).toEqual([
      [2, 's1A1', '2026-12-31'],
      [3, 's1A2', null],
      [4, 's2B1', '2026-12-31'],
    ]);
    expect(canCommit(preview)).toBe(true);
  });

  it('reports formula cells among the row errors, in row order', () => {
    const preview = previewOf(read('formula.csv'));
    expect(preview.errors.map((error) => [error.row, error.field])).toEqual([
      [2, 'item_name'],
      [3, 'barcode'],
      [4, 'sku'],
      [5, 'quantity'],
    ]);
    expect(preview.errors[3]?.message).toBe('Invalid quantity');
    expect(canCommit(preview)).toBe(false);
  });

  it('refuses the whole file past the plan limit, counting every row', () => {
    const preview = previewOf(read('good.csv'), { planId: 'free', current: 98 });
    expect(preview.limitProblem).toBe(
      'Adding 3 items would exceed your free plan limit of 100 items',
    );
    expect(canCommit(preview)).toBe(false);
    expect(preview.limitRoom).toBe('Your plan has room for 2 more items; this file adds 3.');
    expect(previewOf(read('good.csv'), { planId: 'free', current: 100 }).limitRoom).toBe(
      'Your plan has no room for more items; this file adds 3.',
    );
    expect(canCommit(previewOf(read('good.csv'), { planId: 'free', current: 97 }))).toBe(true);
  });

  it('shows file problems instead of rows', () => {
    const preview = previewOf('');
    expect(preview.fileProblems).toEqual(['The file is empty']);
    expect(preview.rows).toEqual([]);
    expect(canCommit(preview)).toBe(false);
  });
});

describe('import preview: re-import updates matching items (issue #25 point 3)', () => {
  const HEADER = 'Item Name,Quantity,Room,Isle,Unit,Shelf,Barcode,SKU,Price Paid,Expiry Date';
  const EXISTING = [
    {
      item_id: 'mug',
      item_name: 'Blue mug',
      quantity: 2,
      barcode: '5012345678900',
      sku: 'MUG-BLUE',
      price_paid: 4.5,
      expiry_date: null,
      shelf_id: 's1A1',
    },
    {
      item_id: 'pot',
      item_name: 'Teapot',
      quantity: 5,
      barcode: 'TEA-1',
      sku: null,
      price_paid: null,
      expiry_date: null,
      shelf_id: 's1A1',
    },
  ];
  const reimport = (lines: string[], mode?: 'update' | 'add') =>
    buildImportPreview({
      fileName: 'again.csv',
      parsed: parseImportText([HEADER, ...lines].join('\n')),
      rooms: ROOMS,
      planId: 'free',
      currentItemCount: 2,
      dateFormat: 'US',
      existingItems: EXISTING,
      ...(mode ? { mode } : {}),
    });

  it('shows per row Add or Update with the fields that change, old → new, and what stays', () => {
    const preview = reimport([
      ',7,,,,,,MUG-BLUE,5.25,',
      'Teapot,,Garage,2,B,3,tea-1,,,',
      'Green mug,1,Garage,1,A,1,,MUG-GREEN,,',
    ]);
    expect(preview.mode).toBe('update');
    expect(preview.matchesAny).toBe(true);
    expect(preview.errors).toEqual([]);
    expect(preview.plans).toEqual([
      {
        action: 'update',
        matchedBy: 'sku',
        itemName: 'Blue mug',
        changes: [
          { label: 'Quantity', from: '2', to: '7' },
          { label: 'Price paid', from: '4.50', to: '5.25' },
        ],
        kept: ['Name', 'Barcode', 'Expiry date', 'Place'],
      },
      {
        action: 'update',
        matchedBy: 'barcode',
        itemName: 'Teapot',
        changes: [
          {
            label: 'Place',
            from: 'Garage › Isle 1 › A › Shelf 1',
            to: 'Garage › Isle 2 › B › Shelf 3',
          },
        ],
        kept: ['Quantity', 'SKU', 'Price paid', 'Expiry date'],
      },
      { action: 'add' },
    ]);
    expect(preview.upload.map((row) => row.row)).toEqual([2, 3, 4]);
    expect(preview.upload[0]).toMatchObject({ item_name: null, quantity: 7, shelf_id: null });
    expect(canCommit(preview)).toBe(true);
  });

  it('in Add all as new checks every row as before', () => {
    const preview = reimport([',7,,,,,,MUG-BLUE,,'], 'add');
    expect(preview.mode).toBe('add');
    expect(preview.plans).toEqual([{ action: 'error' }]);
    expect(preview.errors.map(formatImportError)).toContain('Row 2: Missing item name');
  });

  it('refuses a key matching two items and two rows matching one item', () => {
    const twice = { ...EXISTING[1]!, item_id: 'pot2' };
    const preview = buildImportPreview({
      fileName: 'again.csv',
      parsed: parseImportText(
        [HEADER, ',1,,,,,TEA-1,,,', ',3,,,,,,MUG-BLUE,,', ',4,,,,,5012345678900,,,'].join('\n'),
      ),
      rooms: ROOMS,
      planId: 'free',
      currentItemCount: 3,
      dateFormat: 'US',
      existingItems: [...EXISTING, twice],
    });
    expect(preview.errors.map(formatImportError)).toEqual([
      "Row 2: Barcode 'TEA-1' matches 2 of your items, so it is not clear which to update",
      'Row 4: Matches the same item as row 3',
    ]);
    expect(preview.plans.map((plan) => plan.action)).toEqual(['error', 'update', 'error']);
    expect(canCommit(preview)).toBe(false);
  });

  it('counts only added rows against the plan limit', () => {
    // free plan: 100 items; 99 held, the file updates one and adds one
    const preview = buildImportPreview({
      fileName: 'again.csv',
      parsed: parseImportText([HEADER, ',3,,,,,,MUG-BLUE,,', 'New,1,Garage,1,A,1,,,,'].join('\n')),
      rooms: ROOMS,
      planId: 'free',
      currentItemCount: 99,
      dateFormat: 'US',
      existingItems: EXISTING,
    });
    expect(preview.limitProblem).toBeNull();
    expect(canCommit(preview)).toBe(true);
  });

  it('counts as updates only rows that change something (issue #39 point 16)', () => {
    // The file as exported: both rows match and change nothing.
    const same = reimport([
      'Blue mug,2,Garage,1,A,1,5012345678900,MUG-BLUE,4.5,',
      'Teapot,5,Garage,1,A,1,TEA-1,,,',
    ]);
    expect(same.plans.map((plan) => plan.action)).toEqual(['update', 'update']);
    expect(importCounts(same)).toEqual({ updating: 0, adding: 0, unchanged: 2 });
    expect(commitLabel(same, canCommit(same))).toBe('No changes');
    // One row changes the quantity, one adds an item.
    const some = reimport([
      'Blue mug,3,Garage,1,A,1,5012345678900,MUG-BLUE,4.5,',
      'Teapot,5,Garage,1,A,1,TEA-1,,,',
      'Jug,1,Garage,1,A,1,,,,',
    ]);
    expect(importCounts(some)).toEqual({ updating: 1, adding: 1, unchanged: 1 });
    expect(commitLabel(some, canCommit(some))).toBe('Update 1 and add 1 item');
  });
});
