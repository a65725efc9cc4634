// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { groupItemsByShelf } from '../../../../src/features/items/items-by-shelf';
import type { Item } from '../../../../src/data/items/types';

const item = (id: string, shelf: string | null): Item => ({
  item_id: id,
  item_name: id,
  quantity: 1,
  unit_id: shelf ? 'u' : null,
  shelf_id: shelf,
  barcode: null,
  sku: null,
  price_paid: null,
  expiry_date: null,
  reorder_level: null,
  created_at: '2026-01-01T00:00:00Z',
});

describe('groupItemsByShelf', () => {
  it('groups items by shelf in list order, skipping items not on a shelf', () => {
    const groups = groupItemsByShelf([
      item('a', 's1'),
      item('b', 's2'),
      item('c', 's1'),
      item('d', null),
    ]);
    expect([...groups.keys()]).toEqual(['s1', 's2']);
    expect(groups.get('s1')!.map((i) => i.item_id)).toEqual(['a', 'c']);
  });

  it('reuses the previous array of every shelf whose items did not change', () => {
    const a = item('a', 's1');
    const b = item('b', 's2');
    const before = groupItemsByShelf([a, b]);
    const changedB = { ...b, quantity: 2 };
    const after = groupItemsByShelf([a, changedB], before);
    expect(after.get('s1')).toBe(before.get('s1'));
    expect(after.get('s2')).not.toBe(before.get('s2'));
    expect(after.get('s2')).toEqual([changedB]);
    // a shelf that lost its last item is no longer listed
    expect(groupItemsByShelf([a], after).has('s2')).toBe(false);
  });
});
