// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filterProducts, productRows, sortProducts } from '../../../../src/features/items/products';
import { shelfPlaces } from '../../../../src/data/storage/tree';
import type { Room } from '../../../../src/data/storage/types';
import type { Item } from '../../../../src/data/items/types';

const rooms: Room[] = [
  {
    room_id: 'r',
    room_name: 'Garage',
    room_index: 1,
    isles: [
      {
        isle_id: 'i',
        isle_index: 1,
        room_id: 'r',
        units: [
          {
            unit_id: 'u1',
            unit_name: 'A',
            unit_type: 'bay',
            unit_index: 1,
            isle_id: 'i',
            naming_convention: 'alphabetical',
            shelves: [{ shelf_id: 's1', shelf_index: 1, unit_id: 'u1' }],
          },
          {
            unit_id: 'u2',
            unit_name: 'B',
            unit_type: 'bin',
            unit_index: 2,
            isle_id: 'i',
            naming_convention: 'alphabetical',
            shelves: [{ shelf_id: 's2', shelf_index: 10, unit_id: 'u2' }],
          },
        ],
      },
    ],
  },
];

const item = (id: string, name: string, shelf: string, extra: Partial<Item> = {}): Item => ({
  item_id: id,
  item_name: name,
  quantity: 1,
  unit_id: null,
  shelf_id: shelf,
  barcode: null,
  sku: null,
  price_paid: null,
  expiry_date: null,
  reorder_level: null,
  created_at: '2026-01-01T00:00:00Z',
  ...extra,
});

const items = [
  item('1', 'banana', 's1', { quantity: 10, price_paid: 2 }),
  item('2', 'Apple', 's2', { quantity: 9, sku: 'FRUIT-9' }),
  item('3', 'cherry', 's1', { quantity: 100, barcode: '777' }),
];
const rows = productRows(items, shelfPlaces(rooms));

describe('products table rows', () => {
  it('carry each item’s location and unit type', () => {
    expect(rows.map((r) => [r.location, r.unitType])).toEqual([
      ['Garage › Isle 1 › A › Shelf 1', 'bay'],
      ['Garage › Isle 1 › B › Shelf 10', 'bin'],
      ['Garage › Isle 1 › A › Shelf 1', 'bay'],
    ]);
  });

  it('filter by name, barcode or SKU (case-insensitive) and by unit type', () => {
    const names = (list: typeof rows) => list.map((r) => r.item.item_name);
    expect(names(filterProducts(rows, 'APP', 'all'))).toEqual(['Apple']);
    expect(names(filterProducts(rows, '77', 'all'))).toEqual(['cherry']);
    expect(names(filterProducts(rows, 'fruit', 'all'))).toEqual(['Apple']);
    expect(names(filterProducts(rows, '', 'bay'))).toEqual(['banana', 'cherry']);
    expect(names(filterProducts(rows, 'a', 'bin'))).toEqual(['Apple']);
  });

  it('sort by text without regard to case, numbers numerically, blanks last', () => {
    const names = (list: typeof rows) => list.map((r) => r.item.item_name);
    expect(names(sortProducts(rows, 'item_name', 'asc'))).toEqual(['Apple', 'banana', 'cherry']);
    expect(names(sortProducts(rows, 'item_name', 'desc'))).toEqual(['cherry', 'banana', 'Apple']);
    expect(names(sortProducts(rows, 'quantity', 'asc'))).toEqual(['Apple', 'banana', 'cherry']);
    expect(names(sortProducts(rows, 'price_paid', 'asc'))[0]).toBe('banana');
    expect(names(sortProducts(rows, 'price_paid', 'desc'))[0]).toBe('banana');
    // 'Shelf 10' after 'Shelf 1'
    expect(names(sortProducts(rows, 'location', 'desc'))[0]).toBe('Apple');
  });
});
