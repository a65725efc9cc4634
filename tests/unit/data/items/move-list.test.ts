// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Item } from '../../../../src/data/items/types';
import {
  draggedItemIds,
  locationsOf,
  moveToShelf,
  nextKeyboardTarget,
  placeItems,
} from '../../../../src/data/items/move-list';

const item = (id: string, shelf: string, unit = 'u1'): Item => ({
  item_id: id,
  item_name: id,
  quantity: 1,
  unit_id: unit,
  shelf_id: shelf,
  barcode: null,
  sku: null,
  price_paid: null,
  expiry_date: null,
  reorder_level: null,
  created_at: '2026-01-01T00:00:00Z',
});

describe('moving items in the cached list', () => {
  const list = [item('a', 's1'), item('b', 's1'), item('c', 's2', 'u2')];

  it('puts the moved items on the target shelf and unit, leaving the other rows identical', () => {
    const moved = moveToShelf(list, ['a', 'c'], { shelf_id: 's3', unit_id: 'u3' });
    expect(moved.map((i) => [i.item_id, i.shelf_id, i.unit_id])).toEqual([
      ['a', 's3', 'u3'],
      ['b', 's1', 'u1'],
      ['c', 's3', 'u3'],
    ]);
    expect(moved[1]).toBe(list[1]);
    expect(list[0]!.shelf_id).toBe('s1');
  });

  it('keeps a row that is already where it is sent (same shelf: nothing changes)', () => {
    const moved = moveToShelf(list, ['a'], { shelf_id: 's1', unit_id: 'u1' });
    expect(moved[0]).toBe(list[0]);
  });

  it('puts back exactly the moved items, keeping changes made meanwhile to others', () => {
    const origins = locationsOf(list, ['a', 'missing']);
    expect([...origins.keys()]).toEqual(['a']);
    const moved = moveToShelf(list, ['a'], { shelf_id: 's3', unit_id: 'u3' });
    const meanwhile = moved.map((i) => (i.item_id === 'b' ? { ...i, quantity: 7 } : i));
    const restored = placeItems(meanwhile, origins);
    expect(restored.map((i) => [i.item_id, i.shelf_id, i.quantity])).toEqual([
      ['a', 's1', 1],
      ['b', 's1', 7],
      ['c', 's2', 1],
    ]);
  });
});

describe('what a drag carries', () => {
  it('is the whole selection, in the order chosen, when the grabbed item is selected', () => {
    expect(draggedItemIds('b', ['c', 'b', 'a'])).toEqual(['c', 'b', 'a']);
  });
  it('is just the grabbed item when it is not selected', () => {
    expect(draggedItemIds('d', ['c', 'b'])).toEqual(['d']);
    expect(draggedItemIds('d', [])).toEqual(['d']);
  });
});

describe('keyboard targets', () => {
  const targets = ['room:1', 'room:2', 'shelf:1', 'shelf:2', 'shelf:3'];
  it('steps from the shelf the items are on when nothing is chosen yet', () => {
    expect(nextKeyboardTarget(targets, null, 'shelf:1', 1)).toBe('shelf:2');
    expect(nextKeyboardTarget(targets, null, 'shelf:1', -1)).toBe('room:2');
  });
  it('steps from the current target and stops at either end', () => {
    expect(nextKeyboardTarget(targets, 'shelf:2', 'shelf:1', 1)).toBe('shelf:3');
    expect(nextKeyboardTarget(targets, 'shelf:3', 'shelf:1', 1)).toBe('shelf:3');
    expect(nextKeyboardTarget(targets, 'room:1', 'shelf:1', -1)).toBe('room:1');
  });
  it('starts at an end when neither the target nor the start is on the page', () => {
    expect(nextKeyboardTarget(targets, 'gone', null, 1)).toBe('room:1');
    expect(nextKeyboardTarget(targets, null, 'gone', -1)).toBe('shelf:3');
    expect(nextKeyboardTarget([], null, null, 1)).toBeNull();
  });
});
