// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { linkKey, pickList, sortByWalkingOrder } from '../../../src/domain/pick-list';
import { storage } from './storage-fixture';

const items = [
  { item_id: 'loft-item', shelf_id: 'loft-1-a-1', sku: 'LOFT', barcode: null },
  { item_id: 'far-shelf', shelf_id: 'garage-1-a-3', sku: 'FAR', barcode: '111' },
  { item_id: 'near-shelf', shelf_id: 'garage-1-a-1', sku: null, barcode: '222' },
  { item_id: 'isle-two', shelf_id: 'garage-2-a-1', sku: 'TWO', barcode: null },
  { item_id: 'unit-b', shelf_id: 'garage-1-b-1', sku: 'UNITB', barcode: null },
  { item_id: 'nowhere', shelf_id: null, sku: 'LOOSE', barcode: null },
];

describe('pickList', () => {
  it('sorts lines by room, isle, unit and shelf, with labels', () => {
    const lines = [
      { sku: 'LOFT' },
      { sku: 'TWO' },
      { sku: 'FAR' },
      { sku: 'UNITB' },
      { barcode: '222' },
    ];
    const result = pickList(lines, items, storage);
    expect(result.map((entry) => entry.item_id)).toEqual([
      'near-shelf',
      'far-shelf',
      'unit-b',
      'isle-two',
      'loft-item',
    ]);
    expect(result.map((entry) => entry.label)).toEqual([
      'Garage › Isle 1 › A › Shelf 1',
      'Garage › Isle 1 › A › Shelf 3',
      'Garage › Isle 1 › B › Shelf 1',
      'Garage › Isle 2 › A › Shelf 1',
      'Loft › Isle 1 › A › Shelf 1',
    ]);
  });
  it('matches by SKU first, then barcode, ignoring case', () => {
    const result = pickList(
      [
        { sku: 'far', barcode: '222', n: 1 },
        { sku: 'unknown', barcode: ' 222 ', n: 2 },
      ],
      items,
      storage,
    );
    expect(result.find((entry) => entry.line.n === 1)?.item_id).toBe('far-shelf');
    expect(result.find((entry) => entry.line.n === 2)?.item_id).toBe('near-shelf');
  });
  it('puts unknown and unplaced items last, in their order', () => {
    const lines = [{ sku: 'NOPE', n: 1 }, { sku: 'LOOSE', n: 2 }, { sku: 'LOFT', n: 3 }, { n: 4 }];
    const result = pickList(lines, items, storage);
    expect(result.map((entry) => entry.line.n)).toEqual([3, 1, 2, 4]);
    expect(result[2]).toEqual({
      line: { sku: 'LOOSE', n: 2 },
      item_id: 'nowhere',
      location: null,
      label: null,
    });
    expect(result[1]?.item_id).toBeNull();
  });
  it('prefers a placed item when two share a code', () => {
    const twins = [
      { item_id: 'unplaced', shelf_id: null, sku: 'DUP', barcode: null },
      { item_id: 'placed', shelf_id: 'garage-2-a-1', sku: 'DUP', barcode: null },
    ];
    expect(pickList([{ sku: 'DUP' }], twins, storage)[0]?.item_id).toBe('placed');
  });
  it('finds an unknown SKU through the link the seller made, before any SKU match', () => {
    const twins = [
      { item_id: 'by-sku', shelf_id: 'garage-2-a-1', sku: 'DUP', barcode: null },
      { item_id: 'linked', shelf_id: null, sku: null, barcode: null },
    ];
    const links = [
      { sku: ' mug-blue ', item_id: 'linked' },
      { sku: 'DUP', item_id: 'linked' },
      { sku: 'GONE', item_id: 'removed-item' },
    ];
    const result = pickList(
      [{ sku: 'MUG-BLUE' }, { sku: 'DUP' }, { sku: 'GONE' }],
      twins,
      storage,
      links,
    );
    expect(result.map((entry) => entry.item_id)).toEqual(['linked', 'linked', null]);
  });
  it('remembers a line without a SKU by its title', () => {
    const links = [{ sku: 'Blue mug', item_id: 'nowhere' }];
    expect(pickList([{ sku: '', title: 'Blue mug' }], items, storage, links)[0]?.item_id).toBe(
      'nowhere',
    );
    expect(linkKey({ sku: ' ', title: ' Blue mug ' })).toBe('Blue mug');
    expect(linkKey({ sku: 'MUG-1', title: 'Blue mug' })).toBe('MUG-1');
    expect(linkKey({ sku: null, title: '' })).toBeNull();
  });
  it('is empty for no lines', () => {
    expect(pickList([], items, storage)).toEqual([]);
  });
});

describe('sortByWalkingOrder', () => {
  it('keeps the order of entries without a location', () => {
    expect(sortByWalkingOrder(['b', 'a'], () => null)).toEqual(['b', 'a']);
  });
});
