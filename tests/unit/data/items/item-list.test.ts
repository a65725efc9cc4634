// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  patchItem,
  prependItem,
  replaceItem,
  withoutItems,
} from '../../../../src/data/items/item-list';
import type { Item } from '../../../../src/data/items/types';

const item = (id: string, quantity = 1): Item => ({
  item_id: id,
  item_name: id,
  quantity,
  unit_id: null,
  shelf_id: null,
  barcode: null,
  sku: null,
  price_paid: null,
  expiry_date: null,
  reorder_level: null,
  created_at: '2026-01-01T00:00:00Z',
});

describe('item cache edits', () => {
  const list = [item('a'), item('b'), item('c')];

  it('patch and replace one item in place, leaving the others identical', () => {
    const patched = patchItem(list, 'b', { quantity: 5 });
    expect(patched.map((i) => i.quantity)).toEqual([1, 5, 1]);
    expect(patched[0]).toBe(list[0]);
    const replaced = replaceItem(list, item('c', 9));
    expect(replaced[2]!.quantity).toBe(9);
    expect(replaced[1]).toBe(list[1]);
  });

  it('a new item goes first, never twice', () => {
    expect(prependItem(list, item('d')).map((i) => i.item_id)).toEqual(['d', 'a', 'b', 'c']);
    expect(prependItem(list, item('b', 2)).map((i) => i.item_id)).toEqual(['b', 'a', 'c']);
  });

  it('removes items by id', () => {
    expect(withoutItems(list, ['a', 'c']).map((i) => i.item_id)).toEqual(['b']);
  });
});
