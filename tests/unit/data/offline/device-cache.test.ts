// The device copy writes what changed (issue #37): the Elite seller's 5000 items are kept row by
// row, so a change of one item writes that row and the list's small head, not the 2 MB list; a
// copy in the format before rows is still read, and rewritten as rows at its next write.
// IndexedDB is stood in for by an in-memory copy with the same writeCopy/readCopy contract.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CopyRead, CopyWrite, DeviceDb } from '../../../../src/data/offline/device-db';
import { accountIdOf } from '../../../../src/domain/ids';

const account = accountIdOf('account-1');
const itemsKey = ['inventory', account, 'items'];
const treeKey = ['inventory', account, 'tree'];
const itemsEntry = JSON.stringify(itemsKey);

/** The copy as IndexedDB would hold it, and every transaction written to it. */
class MemoryCopy {
  cache = new Map<string, unknown>();
  rows = new Map<string, Map<string, unknown>>();
  order = new Map<string, readonly string[]>();
  writes: CopyWrite[] = [];

  db: DeviceDb = {
    accountId: account,
    name: 'memory',
    writeCopy: (write) => {
      this.writes.push(write);
      const rowsOf = (entry: string) => {
        let rows = this.rows.get(entry);
        if (!rows) this.rows.set(entry, (rows = new Map()));
        return rows;
      };
      for (const key of write.remove) {
        this.cache.delete(key);
        this.rows.delete(key);
        this.order.delete(key);
      }
      for (const entry of write.clearRows) this.rows.delete(entry);
      for (const { entry, id } of write.removeRows) rowsOf(entry).delete(id);
      // Stored as IndexedDB does: a copy, not the object the cache holds.
      for (const { entry, id, value } of write.rows) rowsOf(entry).set(id, structuredClone(value));
      for (const { entry, ids } of write.order) this.order.set(entry, [...ids]);
      for (const { key, value } of write.put) this.cache.set(key, structuredClone(value));
      return Promise.resolve();
    },
    readCopy: () =>
      Promise.resolve(
        [...this.cache].map(([key, value]): CopyRead => ({
          key,
          value: structuredClone(value),
          rows: [...(this.rows.get(key)?.values() ?? [])].map((row) => structuredClone(row)),
          order: this.order.get(key),
        })),
      ),
    close: () => undefined,
    store: () => {
      throw new Error('not used');
    },
    get cache(): never {
      throw new Error('not used');
    },
    get outbox(): never {
      throw new Error('not used');
    },
  };
}

let copy: MemoryCopy;

vi.mock('../../../../src/data/offline/device-db', () => ({
  openDeviceDb: () => Promise.resolve(copy.db),
  deleteDeviceDb: () => Promise.resolve(),
  deleteAccountCopy: () => Promise.resolve(),
}));

const { hydrateDeviceCache, persistDeviceCache } =
  await import('../../../../src/data/offline/device-cache');

interface Item {
  item_id: string;
  item_name: string;
  quantity: number;
  shelf_id: string;
  created_at: string;
}

function elite(count = 5000): Item[] {
  return Array.from({ length: count }, (_, i) => ({
    item_id: `item-${String(i).padStart(4, '0')}`,
    item_name: `Item ${i}`,
    quantity: 1,
    shelf_id: `shelf-${i % 500}`,
    created_at: new Date(Date.UTC(2026, 0, 1) - i * 1000).toISOString(),
  }));
}

/** Lets the 400 ms burst pass and the write land. */
async function written(): Promise<void> {
  await vi.advanceTimersByTimeAsync(500);
}

/** The items as the copy holds them, in order. */
function storedItems(): unknown[] {
  const rows = copy.rows.get(itemsEntry) ?? new Map();
  return (copy.order.get(itemsEntry) ?? []).map((id) => rows.get(id));
}

let queryClient: QueryClient;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  copy = new MemoryCopy();
  queryClient = new QueryClient();
  stop = persistDeviceCache(queryClient, account);
});

afterEach(() => {
  stop();
  queryClient.clear();
  vi.useRealTimers();
});

describe('the device copy of the Elite item list', () => {
  it('writes one row for one changed item, not 5000, and no order', async () => {
    queryClient.setQueryData(itemsKey, elite());
    await written();
    expect(copy.writes).toHaveLength(1);
    expect(copy.writes[0]!.rows).toHaveLength(5000);
    expect(storedItems()).toEqual(elite());

    // A live-sync patch: a new array, every other row the same object.
    queryClient.setQueryData<Item[]>(itemsKey, (items) =>
      items!.map((item, i) => (i === 42 ? { ...item, quantity: 7 } : item)),
    );
    await written();
    expect(copy.writes).toHaveLength(2);
    const write = copy.writes[1]!;
    expect(write.rows).toEqual([
      { entry: itemsEntry, id: 'item-0042', value: expect.objectContaining({ quantity: 7 }) },
    ]);
    expect(write.order).toEqual([]);
    expect(write.removeRows).toEqual([]);
    expect(write.clearRows).toEqual([]);
    // The head only: the list itself is not in it.
    expect(write.put).toEqual([
      {
        key: itemsEntry,
        value: { queryKey: itemsKey, rowsBy: 'item_id', updatedAt: expect.any(Number) },
      },
    ]);
    expect((storedItems()[42] as Item).quantity).toBe(7);
  });

  it('writes nothing of a row read again equal (a refetch), and the order only when it changed', async () => {
    queryClient.setQueryData(itemsKey, elite());
    await written();
    // A fresh answer from the server: equal rows, other objects.
    queryClient.setQueryData(itemsKey, elite(), { updatedAt: Date.now() + 1 });
    await written();
    expect(copy.writes[1]!.rows).toEqual([]);
    expect(copy.writes[1]!.order).toEqual([]);

    // An item added at the top and one deleted: that row, the deletion and the new order.
    const added: Item = {
      ...elite(1)[0]!,
      item_id: 'item-new',
      created_at: '2027-01-01T00:00:00Z',
    };
    queryClient.setQueryData<Item[]>(itemsKey, (items) => [
      added,
      ...items!.filter((item) => item.item_id !== 'item-0007'),
    ]);
    await written();
    const write = copy.writes[2]!;
    expect(write.rows.map((row) => row.id)).toEqual(['item-new']);
    expect(write.removeRows).toEqual([{ entry: itemsEntry, id: 'item-0007' }]);
    expect(write.order).toHaveLength(1);
    expect(storedItems()).toHaveLength(5000);
    expect(storedItems()[0]).toEqual(added);
  });

  it('reads the rows back in order, and the next change after a reload writes one row', async () => {
    queryClient.setQueryData(itemsKey, elite());
    queryClient.setQueryData(treeKey, [{ room_id: 'room-1', isles: [] }]);
    await written();
    stop();

    // A reload: a new cache, filled from the device.
    queryClient = new QueryClient();
    stop = persistDeviceCache(queryClient, account);
    expect(await hydrateDeviceCache(queryClient, account)).toBe(2);
    expect(queryClient.getQueryData(itemsKey)).toEqual(elite());
    expect(queryClient.getQueryData(treeKey)).toEqual([{ room_id: 'room-1', isles: [] }]);

    queryClient.setQueryData<Item[]>(itemsKey, (items) =>
      items!.map((item, i) => (i === 4999 ? { ...item, shelf_id: 'shelf-moved' } : item)),
    );
    await written();
    expect(copy.writes.at(-1)!.rows.map((row) => row.id)).toEqual(['item-4999']);
  });

  it('still reads a copy written whole (before rows), and writes it as rows next time', async () => {
    copy.cache.set(itemsEntry, { queryKey: itemsKey, data: elite(), updatedAt: 1 });
    expect(await hydrateDeviceCache(queryClient, account)).toBe(1);
    expect(queryClient.getQueryData(itemsKey)).toEqual(elite());

    queryClient.setQueryData<Item[]>(itemsKey, (items) =>
      items!.map((item, i) => (i === 0 ? { ...item, quantity: 3 } : item)),
    );
    await written();
    const write = copy.writes[0]!;
    expect(write.clearRows).toEqual([itemsEntry]);
    expect(write.rows).toHaveLength(5000);
    expect(copy.cache.get(itemsEntry)).not.toHaveProperty('data');
    expect((storedItems()[0] as Item).quantity).toBe(3);
  });
});
