import { afterAll, describe, expect, it } from 'vitest';
import { anonDbClient, closeDb, createDbUser, createStorage, db } from '../helpers/db-users.ts';

// Low and out of stock (issue #25, point 5), as the database holds it: the optional reorder
// level on an item (add_item, update_item, the table's check) and low_stock_items(), which the
// Low stock screen's bell entries read. Real local stack through supabase-js, no mocks.

afterAll(async () => {
  await closeDb();
});

async function logDetails(accountId: string, action: string): Promise<string[]> {
  const { rows } = await db().query<{ details: string }>(
    `select details from public.storage_logs where account_id = $1 and action = $2 order by "timestamp"`,
    [accountId, action],
  );
  return rows.map((row) => row.details);
}

describe('reorder level', () => {
  it('add_item takes an optional reorder level; without one the item has none', async () => {
    const seller = await createDbUser({ prefix: 'reorder-add' });
    const storage = await createStorage(seller.accountId);
    const withLevel = await seller.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'Tape',
      p_quantity: 5,
      p_reorder_level: 2,
    });
    expect(withLevel.error).toBeNull();
    expect(withLevel.data?.reorder_level).toBe(2);
    const without = await seller.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'Boxes',
    });
    expect(without.error).toBeNull();
    expect(without.data?.reorder_level).toBeNull();
  });

  it('add_item refuses a negative or huge reorder level (22023) and adds nothing', async () => {
    const seller = await createDbUser({ prefix: 'reorder-bad-add' });
    const storage = await createStorage(seller.accountId);
    for (const level of [-1, 1_000_001]) {
      const { error } = await seller.client.rpc('add_item', {
        p_shelf_id: storage.shelfIds[0]!,
        p_item_name: 'Tape',
        p_reorder_level: level,
      });
      expect(error?.code).toBe('22023');
      expect(error?.message).toBe('Invalid reorder level');
    }
    const { count } = await seller.client
      .from('storage_items')
      .select('item_id', { count: 'exact', head: true });
    expect(count).toBe(0);
  });

  it('update_item sets, changes and clears it, and the log line names the change', async () => {
    const seller = await createDbUser({ prefix: 'reorder-update' });
    const storage = await createStorage(seller.accountId, { items: 1 });
    const itemId = storage.itemIds[0]!;
    const set = await seller.client.rpc('update_item', {
      p_item_id: itemId,
      p_changes: { reorder_level: 3 },
    });
    expect(set.error).toBeNull();
    expect(set.data?.reorder_level).toBe(3);
    const cleared = await seller.client.rpc('update_item', {
      p_item_id: itemId,
      p_changes: { reorder_level: null },
    });
    expect(cleared.error).toBeNull();
    expect(cleared.data?.reorder_level).toBeNull();
    expect(await logDetails(seller.accountId, 'update_item')).toEqual([
      'Updated Item 1: reorder level - → 3',
      'Updated Item 1: reorder level 3 → -',
    ]);
  });

  it('update_item refuses what is not a whole number from 0 to 1000000 and changes nothing', async () => {
    const seller = await createDbUser({ prefix: 'reorder-bad-update' });
    const storage = await createStorage(seller.accountId, { items: 1 });
    const itemId = storage.itemIds[0]!;
    for (const level of [-1, 1.5, '3', 1_000_001, true]) {
      const { error } = await seller.client.rpc('update_item', {
        p_item_id: itemId,
        p_changes: { reorder_level: level, quantity: 7 },
      });
      expect(error?.code, String(level)).toBe('22023');
      expect(error?.message).toBe('Invalid reorder level');
    }
    const { data } = await seller.client
      .from('storage_items')
      .select('quantity, reorder_level')
      .eq('item_id', itemId)
      .single();
    expect(data).toEqual({ quantity: 1, reorder_level: null });
  });

  it('the table itself refuses a reorder level out of range, whoever writes it', async () => {
    const seller = await createDbUser({ prefix: 'reorder-check' });
    const storage = await createStorage(seller.accountId, { items: 1 });
    const { error } = await seller.client
      .from('storage_items')
      .update({ reorder_level: -5 })
      .eq('item_id', storage.itemIds[0]!);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('Reorder level: a whole number from 0 to 1000000');
  });
});

describe('low_stock_items()', () => {
  it('lists items at 0 or at or below their level, fewest left first, with where they sit', async () => {
    const seller = await createDbUser({ prefix: 'low-stock' });
    const storage = await createStorage(seller.accountId, { roomName: 'Garage', items: 6 });
    // name, quantity, reorder level
    const rows: [string, number, number | null][] = [
      ['Plenty', 10, 3], // above its level: not listed
      ['At level', 3, 3],
      ['Below level', 1, 4],
      ['Empty, no level', 0, null],
      ['Empty, with level', 0, 5],
      ['No level', 2, null], // no level and not 0: not listed
    ];
    for (const [i, [name, quantity, level]] of rows.entries())
      await db().query(
        'update public.storage_items set item_name = $2, quantity = $3, reorder_level = $4 where item_id = $1',
        [storage.itemIds[i], name, quantity, level],
      );

    const result = await seller.client.rpc('low_stock_items');
    expect(result.error).toBeNull();
    const data = result.data as {
      item_id: string;
      item_name: string;
      quantity: number;
      reorder_level: number | null;
      location: string;
      out_of_stock: boolean;
    }[];
    expect(data.map((row) => [row.item_name, row.quantity, row.out_of_stock])).toEqual([
      ['Empty, with level', 0, true],
      ['Empty, no level', 0, true],
      ['Below level', 1, false],
      ['At level', 3, false],
    ]);
    expect(new Set(data.map((row) => row.location))).toEqual(
      new Set(['Garage › Isle 1 › Unit A › Shelf 1']),
    );
    expect(data[0]).toMatchObject({ item_id: storage.itemIds[4], reorder_level: 5 });
  });

  it('shows each seller only their own items, and nothing to anyone signed out', async () => {
    const [a, b] = [
      await createDbUser({ prefix: 'low-own-a' }),
      await createDbUser({ prefix: 'low-own-b' }),
    ];
    const storage = await createStorage(a.accountId, { items: 1 });
    await db().query('update public.storage_items set quantity = 0 where item_id = $1', [
      storage.itemIds[0],
    ]);
    expect((await a.client.rpc('low_stock_items')).data).toHaveLength(1);
    const other = await b.client.rpc('low_stock_items');
    expect(other.error).toBeNull();
    expect(other.data).toEqual([]);
    const anon = await anonDbClient().rpc('low_stock_items');
    expect(anon.data ?? []).toEqual([]);
    expect(anon.error).not.toBeNull();
  });

  it('an item leaves the list once restocked above its level', async () => {
    const seller = await createDbUser({ prefix: 'low-restock' });
    const storage = await createStorage(seller.accountId, { items: 1 });
    const itemId = storage.itemIds[0]!;
    await seller.client.rpc('update_item', {
      p_item_id: itemId,
      p_changes: { quantity: 2, reorder_level: 2 },
    });
    expect((await seller.client.rpc('low_stock_items')).data).toHaveLength(1);
    await seller.client.rpc('update_item', { p_item_id: itemId, p_changes: { quantity: 3 } });
    expect((await seller.client.rpc('low_stock_items')).data).toEqual([]);
  });
});
