/**
 * Bulk scan and generated barcodes in the database (supabase/schemas/40_items.sql):
 * add_scanned_items is all-or-nothing, within the item limit, refused below Power Seller by the
 * database itself; assign_barcodes gives valid EAN-13 codes unique per seller.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isValidEan13 } from '../../src/domain/barcodes.ts';
import { PLAN_LIMIT_REACHED } from '../../src/domain/plans.ts';
import {
  closeDb,
  createDbUser,
  createDbUserPair,
  createStorage,
  db,
  setPlan,
} from '../helpers/db-users.ts';

afterAll(async () => {
  await closeDb();
});

async function itemsOnShelf(shelfId: string) {
  const { rows } = await db().query<{ item_name: string; barcode: string; quantity: number }>(
    `select item_name, barcode, quantity from public.storage_items where shelf_id = $1
      order by created_at, item_id`,
    [shelfId],
  );
  return rows;
}

async function itemCount(accountId: string): Promise<number> {
  const { rows } = await db().query<{ n: string }>(
    'select count(*) as n from public.storage_items where account_id = $1',
    [accountId],
  );
  return Number(rows[0]!.n);
}

async function logDetails(accountId: string, action: string): Promise<string[]> {
  const { rows } = await db().query<{ details: string }>(
    `select details from public.storage_logs where account_id = $1 and action = $2 order by "timestamp", log_id`,
    [accountId, action],
  );
  return rows.map((row) => row.details);
}

describe('add_scanned_items', () => {
  it('adds every scan to the shelf in scan order, filling names from the seller’s items, and logs it', async () => {
    const user = await createDbUser({ plan: 'power', prefix: 'scan' });
    // two shelves; shelf 1 holds 'Item 1' with barcode BC1 (the lookup source)
    const storage = await createStorage(user.accountId, { shelves: 2, items: 1 });
    const target = storage.shelfIds[1]!;

    const { data, error } = await user.client.rpc('add_scanned_items', {
      p_shelf_id: target,
      p_items: [
        { barcode: '5012345678900' },
        { barcode: 'bc1' },
        { barcode: '036000291452', item_name: 'Blue kettle', quantity: 2 },
      ],
    });
    expect(error).toBeNull();
    expect(data.added).toBe(3);
    expect(data.item_ids).toHaveLength(3);

    expect(await itemsOnShelf(target)).toEqual([
      { item_name: 'Scanned item 5012345678900', barcode: '5012345678900', quantity: 1 },
      { item_name: 'Item 1', barcode: 'bc1', quantity: 1 },
      { item_name: 'Blue kettle', barcode: '036000291452', quantity: 2 },
    ]);
    expect(await logDetails(user.accountId, 'add_item')).toEqual([
      'Added 3 scanned item(s) to Garage / Isle 1 / Unit A / Shelf 2: Scanned item 5012345678900, Item 1, Blue kettle',
    ]);
  });

  it('refuses a code scanned twice in one batch and adds none of it', async () => {
    const user = await createDbUser({ plan: 'elite', prefix: 'scan' });
    const storage = await createStorage(user.accountId);
    const { error } = await user.client.rpc('add_scanned_items', {
      p_shelf_id: storage.shelfIds[0],
      p_items: [{ barcode: 'ABC-1' }, { barcode: 'X2' }, { barcode: 'abc-1' }],
    });
    expect(error?.message).toBe('This item has already been scanned');
    expect(await itemCount(user.accountId)).toBe(0);
  });

  it('stays within the item limit: a batch that would pass it is refused whole', async () => {
    const user = await createDbUser({ plan: 'power', prefix: 'scan' });
    const storage = await createStorage(user.accountId, { items: 998 });

    const over = await user.client.rpc('add_scanned_items', {
      p_shelf_id: storage.shelfIds[0],
      p_items: [{ barcode: 'A1' }, { barcode: 'A2' }, { barcode: 'A3' }],
    });
    expect(over.error?.message).toBe(
      `${PLAN_LIMIT_REACHED}: Adding 3 items would exceed your power plan limit of 1000 items`,
    );
    expect(JSON.parse(over.error!.details)).toMatchObject({ kind: 'items', limit: 1000 });
    expect(await itemCount(user.accountId)).toBe(998);
    expect(await logDetails(user.accountId, 'add_item')).toEqual([]);

    // exactly up to the limit is fine
    const fits = await user.client.rpc('add_scanned_items', {
      p_shelf_id: storage.shelfIds[0],
      p_items: [{ barcode: 'A1' }, { barcode: 'A2' }],
    });
    expect(fits.error).toBeNull();
    expect(await itemCount(user.accountId)).toBe(1000);
  });

  it.each(['free', 'growing'] as const)(
    'is refused by the database on the %s plan',
    async (plan) => {
      const user = await createDbUser({ prefix: 'scan' });
      await setPlan(user.accountId, plan);
      const storage = await createStorage(user.accountId);
      const { error } = await user.client.rpc('add_scanned_items', {
        p_shelf_id: storage.shelfIds[0],
        p_items: [{ barcode: '123' }],
      });
      expect(error?.code).toBe('42501');
      expect(error?.message).toBe(
        'PLAN_FEATURE_UNAVAILABLE: Barcode scanning requires the Power Seller plan or higher',
      );
      expect(await itemCount(user.accountId)).toBe(0);
    },
  );

  it('cannot add to another seller’s shelf, and refuses blanks', async () => {
    const [user, other] = await createDbUserPair({ plan: 'power', prefix: 'scan' });
    const theirs = await createStorage(other.accountId);
    const mine = await createStorage(user.accountId);
    const foreign = await user.client.rpc('add_scanned_items', {
      p_shelf_id: theirs.shelfIds[0],
      p_items: [{ barcode: '1' }],
    });
    expect(foreign.error?.message).toBe('Invalid location for item');
    const blank = await user.client.rpc('add_scanned_items', {
      p_shelf_id: mine.shelfIds[0],
      p_items: [{ barcode: '  ' }],
    });
    expect(blank.error?.message).toBe('Nothing was scanned');
    expect(await itemCount(other.accountId)).toBe(0);
    expect(await itemCount(user.accountId)).toBe(0);
  });
});

describe('add_scanned_items: adding to an item the seller has (issue #25 point 4)', () => {
  async function item(itemId: string) {
    const { rows } = await db().query<{ quantity: number; shelf_id: string; item_name: string }>(
      'select quantity, shelf_id, item_name from public.storage_items where item_id = $1',
      [itemId],
    );
    return rows[0];
  }

  it('raises the quantity of the named item where it is, adds the other scans, all in one call', async () => {
    const user = await createDbUser({ plan: 'power', prefix: 'scan-count' });
    // shelf 1 holds Item 1 (BC1) and Item 2 (BC2); the scans are for shelf 2
    const storage = await createStorage(user.accountId, { shelves: 2, items: 2 });
    const [item1, item2] = storage.itemIds as [string, string];
    const target = storage.shelfIds[1]!;

    const { data, error } = await user.client.rpc('add_scanned_items', {
      p_shelf_id: target,
      p_items: [
        { barcode: 'BC1', item_id: item1, quantity: 3 },
        { barcode: 'NEW-1', quantity: 2 },
        { barcode: 'BC2', item_id: item2 },
      ],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ added: 1, increased: 2, item_ids: [item1, expect.any(String), item2] });

    // the held items stay on shelf 1 with more stock; one new item on shelf 2
    expect(await item(item1)).toEqual({
      quantity: 4,
      shelf_id: storage.shelfIds[0],
      item_name: 'Item 1',
    });
    expect(await item(item2)).toEqual({
      quantity: 2,
      shelf_id: storage.shelfIds[0],
      item_name: 'Item 2',
    });
    expect(await itemsOnShelf(target)).toEqual([
      { item_name: 'Scanned item NEW-1', barcode: 'NEW-1', quantity: 2 },
    ]);
    expect(await itemCount(user.accountId)).toBe(3);
    expect(await logDetails(user.accountId, 'add_item')).toEqual([
      'Added 1 scanned item(s) to Garage / Isle 1 / Unit A / Shelf 2: Scanned item NEW-1',
    ]);
    expect(await logDetails(user.accountId, 'update_item')).toEqual([
      'Raised the quantity of 2 scanned item(s): Item 1 (now 4), Item 2 (now 2)',
    ]);
  });

  it('counts only new items against the plan: a full seller can still add to what they hold', async () => {
    const user = await createDbUser({ plan: 'power', prefix: 'scan-count' });
    const storage = await createStorage(user.accountId, { items: 1000 });
    const first = storage.itemIds[0]!;
    const raised = await user.client.rpc('add_scanned_items', {
      p_shelf_id: storage.shelfIds[0],
      p_items: [{ barcode: 'BC1', item_id: first }],
    });
    expect(raised.error).toBeNull();
    expect((await item(first))?.quantity).toBe(2);

    const over = await user.client.rpc('add_scanned_items', {
      p_shelf_id: storage.shelfIds[0],
      p_items: [{ barcode: 'BC1', item_id: first }, { barcode: 'NEW' }],
    });
    expect(over.error?.message).toBe(
      `${PLAN_LIMIT_REACHED}: Adding 1 items would exceed your power plan limit of 1000 items`,
    );
    expect((await item(first))?.quantity).toBe(2);
  });

  it('refuses another seller’s item, or an item named twice, changing nothing', async () => {
    const [user, other] = await createDbUserPair({ plan: 'power', prefix: 'scan-count' });
    const theirs = await createStorage(other.accountId, { items: 1 });
    const mine = await createStorage(user.accountId, { items: 1 });
    const foreign = await user.client.rpc('add_scanned_items', {
      p_shelf_id: mine.shelfIds[0],
      p_items: [{ barcode: 'NEW' }, { barcode: 'BC1', item_id: theirs.itemIds[0] }],
    });
    expect(foreign.error).toMatchObject({ code: 'PT404', message: 'Item not found' });
    const twice = await user.client.rpc('add_scanned_items', {
      p_shelf_id: mine.shelfIds[0],
      p_items: [
        { barcode: 'BC1', item_id: mine.itemIds[0] },
        { barcode: 'OTHER', item_id: mine.itemIds[0] },
      ],
    });
    expect(twice.error?.message).toBe('This item has already been scanned');
    const notUuid = await user.client.rpc('add_scanned_items', {
      p_shelf_id: mine.shelfIds[0],
      p_items: [{ barcode: 'BC1', item_id: 'nope' }],
    });
    expect(notUuid.error?.message).toBe('Item not found');
    expect((await item(theirs.itemIds[0]!))?.quantity).toBe(1);
    expect((await item(mine.itemIds[0]!))?.quantity).toBe(1);
    expect(await itemCount(user.accountId)).toBe(1);
  });
});

describe('assign_barcodes', () => {
  it('gives items without a code a valid in-store EAN-13, unique for the seller, and keeps existing codes', async () => {
    const user = await createDbUser({ plan: 'free', prefix: 'gen' });
    const storage = await createStorage(user.accountId, { items: 60 });
    // clear the codes of all but the first item
    await db().query(
      `update public.storage_items set barcode = null where account_id = $1 and item_id <> $2`,
      [user.accountId, storage.itemIds[0]],
    );

    const { data, error } = await user.client.rpc('assign_barcodes', {
      p_item_ids: storage.itemIds,
    });
    expect(error).toBeNull();
    expect(data).toHaveLength(60);
    const codes = (data as { item_id: string; barcode: string }[]).map((item) => item.barcode);
    const kept = (data as { item_id: string; barcode: string }[]).find(
      (item) => item.item_id === storage.itemIds[0],
    );
    expect(kept?.barcode).toBe('BC1');
    const generated = codes.filter((code) => code !== 'BC1');
    expect(generated).toHaveLength(59);
    for (const code of generated) {
      expect(code).toMatch(/^2\d{12}$/);
      expect(isValidEan13(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(60);
    expect(await logDetails(user.accountId, 'update_item')).toEqual([
      'Gave 59 item(s) a new barcode',
    ]);

    // a second call changes nothing: every item has a code now
    const again = await user.client.rpc('assign_barcodes', { p_item_ids: storage.itemIds });
    expect(again.error).toBeNull();
    expect((again.data as { barcode: string }[]).map((i) => i.barcode).sort()).toEqual(
      [...codes].sort(),
    );
    expect(await logDetails(user.accountId, 'update_item')).toHaveLength(1);
  });

  it('two concurrent calls never hand out the same code', async () => {
    const user = await createDbUser({ plan: 'power', prefix: 'gen' });
    const storage = await createStorage(user.accountId, { items: 40 });
    await db().query(`update public.storage_items set barcode = null where account_id = $1`, [
      user.accountId,
    ]);
    const [a, b] = await Promise.all([
      user.client.rpc('assign_barcodes', { p_item_ids: storage.itemIds.slice(0, 20) }),
      user.client.rpc('assign_barcodes', { p_item_ids: storage.itemIds.slice(20) }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    const { rows } = await db().query<{ n: string; distinct_n: string }>(
      `select count(barcode) as n, count(distinct barcode) as distinct_n
         from public.storage_items where account_id = $1`,
      [user.accountId],
    );
    expect(rows[0]).toEqual({ n: '40', distinct_n: '40' });
  });

  it('refuses items that are not the caller’s, changing nothing', async () => {
    const [user, other] = await createDbUserPair({ prefix: 'gen' });
    const theirs = await createStorage(other.accountId, { items: 1 });
    await db().query(`update public.storage_items set barcode = null where account_id = $1`, [
      other.accountId,
    ]);
    const { error } = await user.client.rpc('assign_barcodes', { p_item_ids: theirs.itemIds });
    expect(error?.message).toBe('Item not found');
    const { rows } = await db().query(
      'select barcode from public.storage_items where account_id = $1',
      [other.accountId],
    );
    expect(rows).toEqual([{ barcode: null }]);
  });
});
