// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  fieldChanges,
  matchErrors,
  matchImportRows,
  type MatchableItem,
} from '../../../src/domain/import-matching';

const item = (over: Partial<MatchableItem>): MatchableItem => ({
  item_id: 'i',
  item_name: 'Item',
  quantity: 1,
  barcode: null,
  sku: null,
  price_paid: null,
  expiry_date: null,
  shelf_id: 's1',
  ...over,
});

describe('matchImportRows', () => {
  const items = [
    item({ item_id: 'a', sku: 'SKU-A', barcode: 'CODE-1' }),
    item({ item_id: 'b', sku: 'SKU-B', barcode: 'CODE-2' }),
    item({ item_id: 'c', barcode: 'CODE-3' }),
    item({ item_id: 'd', barcode: 'code-3' }),
  ];

  it('matches by SKU exactly, else by barcode ignoring capitals, else nothing', () => {
    const matches = matchImportRows(
      [
        { sku: ' SKU-A ' },
        { sku: 'sku-a', barcode: 'code-2' },
        { sku: 'SKU-B', barcode: 'CODE-1' },
        { barcode: 'nothing' },
        {},
      ],
      items,
    );
    expect(matches.map((m) => (m.kind === 'one' ? `${m.by}:${m.item.item_id}` : m.kind))).toEqual([
      'sku:a',
      'barcode:b',
      'sku:b',
      'none',
      'none',
    ]);
  });

  it('reports a key that matches several items, and rows that match the same item', () => {
    const matches = matchImportRows(
      [{ barcode: 'Code-3' }, { sku: 'SKU-A' }, { barcode: 'CODE-1' }],
      items,
    );
    expect(matches[0]).toEqual({ kind: 'many', by: 'barcode', key: 'Code-3', count: 2 });
    expect(matchErrors(matches)).toEqual([
      {
        row: 2,
        field: 'barcode',
        message: "Barcode 'Code-3' matches 2 of your items, so it is not clear which to update",
      },
      { row: 4, field: 'barcode', message: 'Matches the same item as row 3' },
    ]);
  });
});

describe('fieldChanges', () => {
  const place = (id: string | null) => (id === 's2' ? 'Shelf 2' : 'Shelf 1');
  const none = {
    item_name: null,
    quantity: null,
    barcode: null,
    sku: null,
    price_paid: null,
    expiry_date: null,
    shelf_id: null,
  };

  it('lists only given fields that differ', () => {
    const it1 = item({ item_name: 'Mug', quantity: 2, barcode: 'ABC', price_paid: 4.5 });
    expect(fieldChanges(it1, none, place)).toEqual([]);
    expect(
      fieldChanges(it1, { ...none, item_name: 'Mug', barcode: 'abc', price_paid: 4.5 }, place),
    ).toEqual([]);
    expect(
      fieldChanges(
        it1,
        { ...none, quantity: 0, sku: 'S', expiry_date: '2027-01-01', shelf_id: 's2' },
        place,
      ),
    ).toEqual([
      { label: 'Quantity', from: '2', to: '0' },
      { label: 'SKU', from: '(none)', to: 'S' },
      { label: 'Expiry date', from: '(none)', to: '2027-01-01' },
      { label: 'Place', from: 'Shelf 1', to: 'Shelf 2' },
    ]);
  });
});
