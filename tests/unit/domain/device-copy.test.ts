// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  deviceCacheKey,
  diffRows,
  isDeviceCacheEntry,
  isDeviceRowsHead,
  isPersistedQueryKey,
  persistedQueryKeys,
  rowIdField,
  searchDeviceItems,
} from '../../../src/domain/device-copy';
import { accountIdOf, NO_ACCOUNT } from '../../../src/domain/ids';

const me = accountIdOf('user-1');

describe('which cache entries the device keeps', () => {
  it('keeps the tree, the items, the preferences and the plan of the signed-in seller', () => {
    expect(isPersistedQueryKey(['inventory', me, 'tree'], me)).toBe(true);
    expect(isPersistedQueryKey(['inventory', me, 'items'], me)).toBe(true);
    expect(isPersistedQueryKey(['preferences', me], me)).toBe(true);
    expect(isPersistedQueryKey(['subscription', me], me)).toBe(true);
    expect(persistedQueryKeys(me)).toHaveLength(4);
  });

  it('keeps nothing of another seller, searches, logs or eBay', () => {
    expect(isPersistedQueryKey(['inventory', 'user-2', 'items'], me)).toBe(false);
    expect(isPersistedQueryKey(['inventory', me, 'item-search', 'barcode', 'x'], me)).toBe(false);
    expect(isPersistedQueryKey(['activity-log', me], me)).toBe(false);
    expect(isPersistedQueryKey(['ebay', me], me)).toBe(false);
    expect(isPersistedQueryKey(['inventory', me, 'items'], NO_ACCOUNT)).toBe(false);
  });

  it('reads back only well-formed entries of this seller', () => {
    const entry = { queryKey: ['inventory', me, 'items'], data: [], updatedAt: 1 };
    expect(isDeviceCacheEntry(entry, me)).toBe(true);
    expect(isDeviceCacheEntry(entry, accountIdOf('user-2'))).toBe(false);
    expect(isDeviceCacheEntry({ ...entry, data: undefined }, me)).toBe(false);
    expect(isDeviceCacheEntry({ ...entry, updatedAt: 'x' }, me)).toBe(false);
    expect(isDeviceCacheEntry(null, me)).toBe(false);
    expect(deviceCacheKey(['preferences', me])).toBe('["preferences","user-1"]');
  });
});

describe('searchDeviceItems (barcode search offline)', () => {
  const items = [
    { item_name: 'Hammer', barcode: 'ABC-1', created_at: '2026-01-01T00:00:00Z' },
    { item_name: 'Claw hammer', barcode: 'XYZ', created_at: '2026-03-01T00:00:00Z' },
    { item_name: 'Saw', barcode: 'abc-1', created_at: '2026-02-01T00:00:00Z' },
    { item_name: 'Drill', barcode: null, created_at: null },
  ];

  it('an exact barcode wins, case-insensitive, newest first', () => {
    expect(searchDeviceItems(items, ' abc-1 ').map((i) => i.item_name)).toEqual(['Saw', 'Hammer']);
  });

  it('otherwise name or barcode contains the text, newest first', () => {
    expect(searchDeviceItems(items, 'HAMM').map((i) => i.item_name)).toEqual([
      'Claw hammer',
      'Hammer',
    ]);
    expect(searchDeviceItems(items, 'xy').map((i) => i.item_name)).toEqual(['Claw hammer']);
  });

  it('answers nothing for blank text and keeps to the limit', () => {
    expect(searchDeviceItems(items, '   ')).toEqual([]);
    expect(searchDeviceItems(items, 'a', 1)).toHaveLength(1);
  });
});

describe('the item list kept row by row', () => {
  const row = (id: string, quantity = 1) => ({ item_id: id, quantity });

  it('keeps the items by item_id, and every other entry whole', () => {
    expect(rowIdField(['inventory', me, 'items'])).toBe('item_id');
    expect(rowIdField(['inventory', me, 'tree'])).toBeNull();
    expect(rowIdField(['preferences', me])).toBeNull();
    const head = { queryKey: ['inventory', me, 'items'], rowsBy: 'item_id', updatedAt: 1 };
    expect(isDeviceRowsHead(head, me)).toBe(true);
    expect(isDeviceRowsHead({ ...head, rowsBy: 'id' }, me)).toBe(false);
    expect(isDeviceRowsHead({ ...head, queryKey: ['inventory', me, 'tree'] }, me)).toBe(false);
  });

  it('writes every row and the order when nothing is known of the device', () => {
    const list = [row('a'), row('b')];
    const changes = diffRows(null, list, 'item_id')!;
    expect(changes.put.map((p) => p.id)).toEqual(['a', 'b']);
    expect(changes.order).toEqual(['a', 'b']);
    expect(changes.remove).toEqual([]);
  });

  it('writes only the changed row: same object or same fields is unchanged', () => {
    const list = Array.from({ length: 5000 }, (_, i) => row(`i${i}`));
    const before = diffRows(null, list, 'item_id')!.written;
    const next = list.map((item, i) =>
      i === 10 ? row(item.item_id, 2) : i === 11 ? { ...item } : item,
    );
    const changes = diffRows(before, next, 'item_id')!;
    expect(changes.put).toEqual([{ id: 'i10', row: row('i10', 2) }]);
    expect(changes.order).toBeNull();
    expect(changes.remove).toEqual([]);
  });

  it('writes the order when a row is added, removed or moved, and removes the gone row', () => {
    const before = diffRows(null, [row('a'), row('b'), row('c')], 'item_id')!.written;
    const changes = diffRows(before, [row('d'), row('c'), row('a')], 'item_id')!;
    expect(changes.put.map((p) => p.id)).toEqual(['d']);
    expect(changes.remove).toEqual(['b']);
    expect(changes.order).toEqual(['d', 'c', 'a']);
  });

  it('gives up on a list whose rows have no id (kept whole)', () => {
    expect(diffRows(null, [{ name: 'x' }], 'item_id')).toBeNull();
  });
});
