// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  deviceCacheKey,
  isDeviceCacheEntry,
  isPersistedQueryKey,
  persistedQueryKeys,
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
