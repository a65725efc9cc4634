/**
 * eBay against the shelves (issue #41): ebay_shelf_check() as the signed-in seller lists the
 * listings still to put away whose SKU is on no shelf, and the shelved items no listing matches
 * (by SKU, barcode or a SKU link); nothing on a plan without listings or before any sync.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  closeDb,
  createDbUser,
  createStorage,
  db,
  setPlan,
  type DbUser,
} from '../helpers/db-users.ts';

let user: DbUser;

beforeEach(async () => {
  user = await createDbUser({ plan: 'growing', prefix: 'ebay-check' });
});

afterAll(async () => {
  await closeDb();
});

async function listing(id: string, title: string, sku: string | null, display = true) {
  await db().query(
    `insert into public.ebay_processed_listings (account_id, listing_id, title, sku, display)
     values ($1, $2, $3, $4, $5)`,
    [user.accountId, id, title, sku, display],
  );
}

async function check(u: DbUser = user) {
  const { data, error } = await u.client.rpc('ebay_shelf_check');
  expect(error).toBeNull();
  return ((data ?? []) as { kind: string; title: string }[]).map(
    (row) => `${row.kind} ${row.title}`,
  );
}

describe('ebay_shelf_check', () => {
  it('lists listings on no shelf and shelved items no listing matches; links and codes match', async () => {
    const s = await createStorage(user.accountId, { items: 4 });
    const [a, b, c, d] = s.itemIds as [string, string, string, string];
    // Item 1 carries SKU-1, Item 2 has BC2 (its barcode used as the listing's SKU), Item 3 is
    // linked by hand, Item 4 has no listing.
    await db().query(`update public.storage_items set sku = ' sku-1 ' where item_id = $1`, [a]);
    expect(await check()).toEqual([]); // no listings yet: nothing to compare against

    await listing('L1', 'Lamp', 'SKU-1');
    await listing('L2', 'Bowl', 'bc2');
    await listing('L3', 'Vase without SKU', null);
    await listing('L4', 'Chair', 'SKU-4');
    await listing('L5', 'Hidden', 'SKU-5', false);
    expect(await check()).toEqual([
      'item Item 3',
      'item Item 4',
      'listing Chair',
      'listing Vase without SKU',
    ]);

    const linked = await user.client.rpc('link_sku', { p_sku: 'Vase without SKU', p_item_id: c });
    expect(linked.error).toBeNull();
    const rows = await check();
    expect(rows).toEqual(['item Item 4', 'listing Chair']);
    const { data } = await user.client.rpc('ebay_shelf_check');
    expect((data as { kind: string }[]).find((row) => row.kind === 'item')).toMatchObject({
      item_id: d,
      location: 'Garage › Isle 1 › Unit A › Shelf 1',
    });
    expect(b).toBeTruthy();

    await setPlan(user.accountId, 'free');
    expect(await check()).toEqual([]);
  });
});

describe('ebay_unpicked_lines', () => {
  it('lists unshipped lines older than N days and not picked, with the item to pick', async () => {
    await setPlan(user.accountId, 'elite');
    const s = await createStorage(user.accountId, { items: 1 });
    await db().query(
      `update public.storage_items set sku = 'MUG', quantity = 5 where item_id = $1`,
      [s.itemIds[0]],
    );
    await db().query(
      `insert into public.ebay_orders (account_id, order_id, status, created_on_ebay) values
         ($1, 'O-old', 'NOT_STARTED', now() - interval '5 days'),
         ($1, 'O-new', 'NOT_STARTED', now() - interval '1 hour'),
         ($1, 'O-shipped', 'FULFILLED', now() - interval '9 days')`,
      [user.accountId],
    );
    await db().query(
      `insert into public.ebay_order_lines (account_id, order_id, line_item_id, sku, title, quantity) values
         ($1, 'O-old', 'L1', 'mug', 'Blue mug', 2),
         ($1, 'O-new', 'L2', 'MUG', 'Blue mug', 1),
         ($1, 'O-shipped', 'L3', 'MUG', 'Blue mug', 1)`,
      [user.accountId],
    );
    const lines = await user.client.rpc('ebay_unpicked_lines', { p_days: 2 });
    expect(lines.error).toBeNull();
    expect(lines.data).toEqual([
      expect.objectContaining({
        order_id: 'O-old',
        line_item_id: 'L1',
        item_id: s.itemIds[0],
        location: 'Garage › Isle 1 › Unit A › Shelf 1',
      }),
    ]);
    const picked = await user.client.rpc('pick_order_line', {
      p_order_id: 'O-old',
      p_line_item_id: 'L1',
      p_item_id: s.itemIds[0]!,
      p_quantity: 2,
    });
    expect(picked.error).toBeNull();
    expect((await user.client.rpc('ebay_unpicked_lines', { p_days: 2 })).data).toEqual([]);
    expect((await user.client.rpc('ebay_unpicked_lines', { p_days: 0 })).data).toHaveLength(1);

    await setPlan(user.accountId, 'power');
    expect((await user.client.rpc('ebay_unpicked_lines', { p_days: 0 })).data).toEqual([]);
  });
});
