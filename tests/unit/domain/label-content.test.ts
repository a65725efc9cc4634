// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LABEL_FIELDS,
  itemLabel,
  labelBarcodeFormat,
} from '../../../src/domain/label-content';
import { itemsInScope, printLabelPath } from '../../../src/domain/label-selection';

const item = {
  item_id: 'i1',
  item_name: 'Blue kettle',
  barcode: '036000291452',
  sku: 'KET-1',
  price_paid: 4.5,
};

describe('label content', () => {
  it('prints Code 128 by default, EAN-13 / UPC-A only when asked and the code is valid', () => {
    expect(labelBarcodeFormat('036000291452', 'code128')).toBe('CODE128');
    expect(labelBarcodeFormat('036000291452', 'retail')).toBe('UPC');
    expect(labelBarcodeFormat('4006381333931', 'retail')).toBe('EAN13');
    expect(labelBarcodeFormat('4006381333932', 'retail')).toBe('CODE128'); // bad check digit
    expect(labelBarcodeFormat('ABC-1', 'retail')).toBe('CODE128');
    expect(labelBarcodeFormat('naïve', 'code128')).toBeNull();
  });

  it('puts the chosen fields on the label', () => {
    const extras = { location: 'Garage › Isle 1 › Unit A › Shelf 2', price: '$4.50' };
    expect(itemLabel(item, DEFAULT_LABEL_FIELDS, 'code128', extras)).toEqual({
      key: 'i1',
      code: '036000291452',
      format: 'CODE128',
      title: 'Blue kettle',
      lines: ['SKU KET-1', 'Garage › Isle 1 › Unit A › Shelf 2'],
    });
    const all = { name: true, sku: true, location: true, price: true };
    expect(itemLabel(item, all, 'retail', extras)?.lines).toEqual([
      'SKU KET-1',
      'Garage › Isle 1 › Unit A › Shelf 2',
      '$4.50',
    ]);
    // A SKU that already says SKU is printed once: 'SKU-114', not 'SKU SKU-114'.
    expect(itemLabel({ ...item, sku: 'SKU-114' }, all, 'retail', extras)?.lines[0]).toBe('SKU-114');
    const none = { name: false, sku: false, location: false, price: false };
    expect(itemLabel(item, none, 'code128', extras)).toMatchObject({ title: null, lines: [] });
  });

  it('has no label for an item without a code', () => {
    expect(
      itemLabel({ ...item, barcode: null }, DEFAULT_LABEL_FIELDS, 'code128', {
        location: null,
        price: null,
      }),
    ).toBeNull();
  });
});

describe('choosing items to label', () => {
  const items = [
    { item_name: 'Kettle', barcode: '111', sku: 'K-1', unit_id: 'u1', shelf_id: 's1' },
    { item_name: 'Lamp', barcode: null, sku: 'L-9', unit_id: 'u1', shelf_id: 's2' },
    { item_name: 'Vase', barcode: '333', sku: null, unit_id: 'u2', shelf_id: 's3' },
  ];
  const rooms = new Map([
    ['u1', 'r1'],
    ['u2', 'r2'],
  ]);
  const names = (list: typeof items) => list.map((i) => i.item_name);

  it('by all, room, unit and shelf', () => {
    expect(names(itemsInScope(items, { kind: 'all' }, rooms))).toEqual(['Kettle', 'Lamp', 'Vase']);
    expect(names(itemsInScope(items, { kind: 'room', roomId: 'r2' }, rooms))).toEqual(['Vase']);
    expect(names(itemsInScope(items, { kind: 'unit', unitId: 'u1' }, rooms))).toEqual([
      'Kettle',
      'Lamp',
    ]);
    expect(names(itemsInScope(items, { kind: 'shelf', shelfId: 's2' }, rooms))).toEqual(['Lamp']);
  });

  it('by the items chosen on Products, by id, in the list order', () => {
    const withIds = items.map((item, i) => ({ ...item, item_id: `id${i}` }));
    const scope = { kind: 'chosen', itemIds: ['id2', 'id0', 'gone'] } as const;
    expect(itemsInScope(withIds, scope, rooms).map((i) => i.item_name)).toEqual(['Kettle', 'Vase']);
  });

  it('by search on name, barcode or SKU', () => {
    expect(names(itemsInScope(items, { kind: 'search', text: 'la' }, rooms))).toEqual(['Lamp']);
    expect(names(itemsInScope(items, { kind: 'search', text: '333' }, rooms))).toEqual(['Vase']);
    expect(names(itemsInScope(items, { kind: 'search', text: 'l-9' }, rooms))).toEqual(['Lamp']);
    expect(itemsInScope(items, { kind: 'search', text: ' ' }, rooms)).toEqual([]);
  });

  it('by one item (Print label on its row): that item only, or nothing once it is gone', () => {
    const withIds = items.map((i, n) => ({ ...i, item_id: `i${n + 1}` }));
    expect(
      itemsInScope(withIds, { kind: 'item', itemId: 'i2' }, rooms).map((i) => i.item_name),
    ).toEqual(['Lamp']);
    expect(itemsInScope(withIds, { kind: 'item', itemId: 'gone' }, rooms)).toEqual([]);
    expect(printLabelPath('a b')).toBe('/dashboard/barcode-labels?item=a%20b');
  });
});
