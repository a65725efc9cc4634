/**
 * Re-import in update mode (issue #25 point 3, supabase/schemas/45_import.sql):
 * matching rows change only the fields the row gives, of only the matched item of only the
 * caller; the rest are added; ambiguity refuses the whole import; only added rows count against
 * the plan; everything goes through the staged batches and commit_import.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PLAN_LIMIT_REACHED } from '../../src/domain/plans.ts';
import { closeDb, createDbUser, createStorage, db, type DbUser } from '../helpers/db-users.ts';

afterAll(async () => {
  await closeDb();
});

interface ItemRow {
  item_id: string;
  account_id: string;
  item_name: string;
  quantity: number;
  barcode: string | null;
  sku: string | null;
  price_paid: string | null;
  expiry_date: string | null;
  shelf_id: string | null;
  unit_id: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

async function itemsOf(accountId: string): Promise<ItemRow[]> {
  const { rows } = await db().query<ItemRow>(
    `select item_id, account_id, item_name, quantity, barcode, sku, price_paid::text, expiry_date::text,
            shelf_id, unit_id, active, created_at::text, updated_at::text
       from public.storage_items where account_id = $1 order by created_at, item_id`,
    [accountId],
  );
  return rows;
}

/** A seller with Garage › isle 1 › unit A › shelves 1-2 and three items, each with a SKU. */
async function sellerWithItems(prefix: string) {
  const user = await createDbUser({ plan: 'power', prefix });
  const storage = await createStorage(user.accountId, { shelves: 2 });
  const [shelf1, shelf2] = storage.shelfIds as [string, string];
  await db().query(
    `insert into public.storage_items
       (account_id, item_name, quantity, barcode, sku, price_paid, expiry_date, shelf_id, unit_id, created_at)
     values ($1, 'Blue mug', 2, '5012345678900', 'MUG-BLUE', 4.50, '2027-01-31', $2, $3, now()),
            ($1, 'Red mug', 1, '5012345678917', 'MUG-RED', 3.00, null, $2, $3, now() + interval '1 ms'),
            ($1, 'Teapot', 5, 'TEA-1', null, null, null, $2, $3, now() + interval '2 ms')`,
    [user.accountId, shelf1, storage.unitIds[0]],
  );
  return { user, shelf1, shelf2, items: await itemsOf(user.accountId) };
}

async function commit(user: DbUser, rows: object[], mode?: 'add' | 'update') {
  const importId = crypto.randomUUID();
  const { error: stageError } = await user.client
    .from('import_batches')
    .insert({ import_id: importId, batch_no: 0, rows });
  expect(stageError).toBeNull();
  return user.client.rpc('commit_import', {
    p_import_id: importId,
    p_batches: 1,
    ...(mode ? { p_mode: mode } : {}),
  });
}

async function importLog(accountId: string): Promise<string[]> {
  const { rows } = await db().query<{ details: string }>(
    `select details from public.storage_logs where account_id = $1 and action = 'import_items'
      order by "timestamp", log_id`,
    [accountId],
  );
  return rows.map((row) => row.details);
}

describe('import in update mode', () => {
  it('changes only the given fields of the matched items, adds the rest, and touches nothing else', async () => {
    const seller = await sellerWithItems('reimport');
    const other = await sellerWithItems('reimport-other');
    const before = seller.items;
    const otherBefore = other.items;
    const [mug, red, teapot] = before as [ItemRow, ItemRow, ItemRow];

    const { data, error } = await commit(
      seller.user,
      [
        // by SKU: quantity and price given; name, barcode, expiry and place left empty
        {
          item_name: '',
          quantity: 7,
          sku: 'MUG-BLUE',
          price_paid: '5.25',
          barcode: '',
          expiry_date: '',
        },
        // by barcode (capitals ignored), moved to shelf 2 by id
        { item_name: 'Teapot (white)', quantity: '', barcode: 'tea-1', shelf_id: seller.shelf2 },
        // no match: added
        {
          item_name: 'Green mug',
          quantity: 3,
          sku: 'MUG-GREEN',
          room: 'Garage',
          isle: 1,
          unit: 'A',
          shelf: 1,
        },
      ],
      'update',
    );
    expect(error).toBeNull();
    expect(data).toMatchObject({ imported: 1, updated: 2, unchanged: 0 });

    const after = await itemsOf(seller.user.accountId);
    expect(after).toHaveLength(4);
    const byId = new Map(after.map((item) => [item.item_id, item]));

    // Blue mug: quantity and price changed, everything else as it was
    const mugAfter = byId.get(mug.item_id)!;
    expect({ ...mugAfter, updated_at: mug.updated_at }).toEqual({
      ...mug,
      quantity: 7,
      price_paid: '5.25',
    });
    expect(mugAfter.updated_at).not.toBe(mug.updated_at);

    // Teapot: name and place changed (unit follows the shelf), quantity and the rest kept
    const teapotAfter = byId.get(teapot.item_id)!;
    expect({ ...teapotAfter, updated_at: teapot.updated_at }).toEqual({
      ...teapot,
      item_name: 'Teapot (white)',
      shelf_id: seller.shelf2,
    });

    // Red mug: not in the file, untouched (updated_at too)
    expect(byId.get(red.item_id)).toEqual(red);

    // The new one
    const added = after.find((item) => !before.some((b) => b.item_id === item.item_id))!;
    expect(added).toMatchObject({ item_name: 'Green mug', quantity: 3, sku: 'MUG-GREEN' });
    expect((data as { item_ids: string[] }).item_ids).toEqual([added.item_id]);

    // The other seller's identical items are untouched
    expect(await itemsOf(other.user.accountId)).toEqual(otherBefore);

    expect(await importLog(seller.user.accountId)).toEqual([
      'Imported 1 item(s), updated 2 item(s): Green mug, Blue mug, Teapot (white)',
    ]);
  });

  it('adds every row as new in add mode (the default), as before', async () => {
    const seller = await sellerWithItems('reimport-add');
    const { data, error } = await commit(seller.user, [
      { item_name: 'Blue mug', quantity: 2, sku: 'MUG-BLUE', shelf_id: seller.shelf1 },
    ]);
    expect(error).toBeNull();
    expect(data).toMatchObject({ imported: 1, updated: 0 });
    expect(await itemsOf(seller.user.accountId)).toHaveLength(4);
    expect(await importLog(seller.user.accountId)).toEqual(['Imported 1 item(s): Blue mug']);
  });

  it('refuses the whole import when a key matches two items or two rows match one item', async () => {
    const seller = await sellerWithItems('reimport-ambiguous');
    // a second item with the Blue mug's barcode (no SKU): barcode 5012345678900 is now ambiguous
    await db().query(
      `insert into public.storage_items (account_id, item_name, quantity, barcode, shelf_id, unit_id)
       select account_id, 'Blue mug (box)', 1, barcode, shelf_id, unit_id from public.storage_items
        where account_id = $1 and sku = 'MUG-BLUE'`,
      [seller.user.accountId],
    );
    const before = await itemsOf(seller.user.accountId);

    const { error } = await commit(
      seller.user,
      [
        { item_name: 'New one', quantity: 1, shelf_id: seller.shelf1 },
        { quantity: 4, barcode: '5012345678900' },
        { quantity: 9, sku: 'MUG-RED' },
        { quantity: 8, barcode: '5012345678917' },
        // a row whose SKU matches (exactly) wins over its barcode
        { quantity: 3, sku: 'MUG-BLUE', barcode: '5012345678900' },
      ],
      'update',
    );
    expect(error).toMatchObject({
      code: '22023',
      message:
        "Row 3: Barcode '5012345678900' matches 2 of your items, so it is not clear which to update (and 1 more)",
    });
    expect(JSON.parse(error!.details)).toEqual([
      "Row 3: Barcode '5012345678900' matches 2 of your items, so it is not clear which to update",
      'Row 5: Matches the same item as row 4',
    ]);
    expect(await itemsOf(seller.user.accountId)).toEqual(before);
    expect(await importLog(seller.user.accountId)).toEqual([]);
  });

  it('checks given cells of an update row and leaves a row with no change alone', async () => {
    const seller = await sellerWithItems('reimport-checks');
    const before = await itemsOf(seller.user.accountId);
    const refused = await commit(
      seller.user,
      [
        { sku: 'MUG-BLUE', quantity: 'many' },
        { sku: 'MUG-RED', room: 'Garage', isle: 1, unit: 'A', shelf: 9 },
      ],
      'update',
    );
    expect(JSON.parse(refused.error!.details)).toEqual([
      'Row 2: Invalid quantity',
      "Row 3: Shelf 9 not found in unit 'A'",
    ]);
    expect(await itemsOf(seller.user.accountId)).toEqual(before);

    const same = await commit(seller.user, [{ sku: 'MUG-BLUE', quantity: 2 }], 'update');
    expect(same.error).toBeNull();
    expect(same.data).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
    expect(await itemsOf(seller.user.accountId)).toEqual(before);
  });

  it('counts only added rows against the plan limit', async () => {
    const seller = await sellerWithItems('reimport-limit');
    // fill the Power Seller plan up to its item limit
    const { rows } = await db().query<{ max_items: number }>(
      `select max_items from public.plans where plan_id = 'power'`,
    );
    const limit = rows[0]!.max_items;
    await db().query(
      `insert into public.storage_items (account_id, item_name, quantity, shelf_id, unit_id)
       select $1, 'Filler ' || g, 1, $2, unit_id from public.storage_shelves, generate_series(1, $3::int) g
        where shelf_id = $2`,
      [seller.user.accountId, seller.shelf1, limit - 3],
    );

    const update = await commit(seller.user, [{ sku: 'MUG-RED', quantity: 4 }], 'update');
    expect(update.error).toBeNull();
    expect(update.data).toMatchObject({ imported: 0, updated: 1 });

    const adding = await commit(
      seller.user,
      [
        { sku: 'MUG-RED', quantity: 5 },
        { item_name: 'One too many', quantity: 1, shelf_id: seller.shelf1 },
      ],
      'update',
    );
    expect(adding.error?.message).toContain(PLAN_LIMIT_REACHED);
    expect(adding.error?.message).toContain('Adding 1 items would exceed');
    const red = (await itemsOf(seller.user.accountId)).find((item) => item.sku === 'MUG-RED')!;
    expect(red.quantity).toBe(4);
  });

  it('refuses an unknown mode', async () => {
    const seller = await sellerWithItems('reimport-mode');
    const { error } = await seller.user.client.rpc('import_items', {
      p_rows: [{ sku: 'MUG-RED', quantity: 4 }],
      p_mode: 'merge',
    });
    expect(error).toMatchObject({ code: '22023', message: 'Import mode must be add or update' });
  });
});
