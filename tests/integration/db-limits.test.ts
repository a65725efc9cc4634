/**
 * Plan limits (docs/product.md#plans) and plan-gated data, enforced by the database whatever the
 * client sends: straight REST inserts, not the UI. The plan comes from the server-written profile,
 * and a user cannot change it through the API.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PLAN_LIMIT_REACHED, planLimitMessage } from '../../src/domain/plans.ts';
import {
  closeDb,
  createDbUser,
  createStorage,
  db,
  enforcedPlan,
  serviceDbClient,
  setPlan,
} from '../helpers/db-users.ts';

afterAll(async () => {
  await closeDb();
});

async function count(table: string, accountId: string): Promise<number> {
  const { rows } = await db().query<{ n: number }>(
    `select count(*)::int as n from public.${table} where account_id = $1`,
    [accountId],
  );
  return rows[0]!.n;
}

describe('item limit', () => {
  it('refuses the 101st item on free with the spec message, and lifts it on upgrade', async () => {
    const user = await createDbUser({ prefix: 'items' });
    const storage = await createStorage(user.accountId, { items: 99 });
    const shelf_id = storage.shelfIds[0]!;

    const hundredth = await user.client
      .from('storage_items')
      .insert({ item_name: 'Item 100', shelf_id });
    expect(hundredth.error).toBeNull();

    const over = await user.client
      .from('storage_items')
      .insert({ item_name: 'Item 101', shelf_id })
      .select();
    expect(over.data).toBeNull();
    expect(over.error?.message).toBe(`${PLAN_LIMIT_REACHED}: ${planLimitMessage('items', 'free')}`);
    expect(over.error?.message).toContain(
      'Your free plan only allows 100 items. Visit the pricing page to upgrade your plan',
    );
    expect(JSON.parse(over.error!.details)).toEqual({ kind: 'items', plan: 'free', limit: 100 });
    expect(await count('storage_items', user.accountId)).toBe(100);

    // upsert of a new row is an insert too
    const upsert = await user.client
      .from('storage_items')
      .upsert({ item_id: crypto.randomUUID(), item_name: 'x', shelf_id });
    expect(upsert.error?.message).toContain(PLAN_LIMIT_REACHED);

    await setPlan(user.accountId, 'growing');
    expect(await enforcedPlan(user.accountId)).toBe('growing');
    const after = await user.client
      .from('storage_items')
      .insert({ item_name: 'Item 101', shelf_id });
    expect(after.error).toBeNull();
    expect(await count('storage_items', user.accountId)).toBe(101);
  });

  it('refuses a bulk insert that would cross the limit as a whole', async () => {
    const user = await createDbUser({ prefix: 'bulk' });
    const storage = await createStorage(user.accountId, { items: 98 });
    const shelf_id = storage.shelfIds[0]!;
    const rows = ['a', 'b', 'c'].map((item_name) => ({ item_name, shelf_id }));
    const { error } = await user.client.from('storage_items').insert(rows);
    expect(error?.message).toContain(PLAN_LIMIT_REACHED);
    expect(await count('storage_items', user.accountId)).toBe(98);
    const fits = await user.client.from('storage_items').insert(rows.slice(0, 2));
    expect(fits.error).toBeNull();
    expect(await count('storage_items', user.accountId)).toBe(100);
  });

  it('lets no concurrent inserts slip past the limit', async () => {
    const user = await createDbUser({ prefix: 'race' });
    const storage = await createStorage(user.accountId, { items: 97 });
    const shelf_id = storage.shelfIds[0]!;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        user.client.from('storage_items').insert({ item_name: `Racer ${i}`, shelf_id }),
      ),
    );
    const ok = results.filter((r) => r.error === null);
    const refused = results.filter((r) => r.error?.message.startsWith(PLAN_LIMIT_REACHED));
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(5);
    expect(await count('storage_items', user.accountId)).toBe(100);
  });

  it('makes a second transaction wait for the first and then refuses it (no race window)', async () => {
    // Deterministic version of the race above: two open transactions as the same signed-in
    // user, the first one not yet committed when the second inserts.
    const user = await createDbUser({ prefix: 'race2' });
    const storage = await createStorage(user.accountId, { items: 99 });
    const claims = JSON.stringify({ sub: user.id, role: 'authenticated' });
    const first = await db().connect();
    const second = await db().connect();
    try {
      for (const c of [first, second]) {
        await c.query('begin');
        await c.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
        await c.query('set local role authenticated');
      }
      const insert = `insert into public.storage_items (item_name, shelf_id) values ('racer', $1)`;
      await first.query(insert, [storage.shelfIds[0]]);
      let secondDone = false;
      const secondInsert = second.query(insert, [storage.shelfIds[0]]).then(
        () => ((secondDone = true), null),
        (error: Error) => ((secondDone = true), error),
      );
      await new Promise((r) => setTimeout(r, 150));
      expect(secondDone).toBe(false); // waiting on the first transaction's limit lock
      await first.query('commit');
      const error = await secondInsert;
      expect(error?.message).toContain(PLAN_LIMIT_REACHED);
    } finally {
      // never hand a connection back to the pool inside a transaction
      for (const c of [first, second]) {
        await c.query('rollback').catch(() => undefined);
        c.release();
      }
    }
    expect(await count('storage_items', user.accountId)).toBe(100);
  });

  it('counts every item of the user, active or not', async () => {
    const user = await createDbUser({ prefix: 'inactive' });
    const storage = await createStorage(user.accountId, { items: 100 });
    await db().query('update public.storage_items set active = false where account_id = $1', [
      user.accountId,
    ]);
    const { error } = await user.client
      .from('storage_items')
      .insert({ item_name: 'x', shelf_id: storage.shelfIds[0]! });
    expect(error?.message).toContain(PLAN_LIMIT_REACHED);
  });
});

describe('unit limit', () => {
  it('refuses the 4th unit on free with the spec message, and lifts it on upgrade', async () => {
    const user = await createDbUser({ prefix: 'units' });
    const storage = await createStorage(user.accountId, { units: 3, shelves: 0 });
    const over = await user.client
      .from('storage_units')
      .insert({ isle_id: storage.isleId, unit_name: 'D', unit_index: 4 });
    expect(over.error?.message).toBe(
      `${PLAN_LIMIT_REACHED}: You can only add up to 3 units in your current plan`,
    );
    expect(over.error?.message).toBe(`${PLAN_LIMIT_REACHED}: ${planLimitMessage('units', 'free')}`);
    expect(await count('storage_units', user.accountId)).toBe(3);

    await setPlan(user.accountId, 'growing');
    const after = await user.client
      .from('storage_units')
      .insert({ isle_id: storage.isleId, unit_name: 'D', unit_index: 4 });
    expect(after.error).toBeNull();
    expect(await count('storage_units', user.accountId)).toBe(4);
  });
});

describe('room limit', () => {
  it('refuses the 2nd room on free, and lifts it on upgrade', async () => {
    const user = await createDbUser({ prefix: 'rooms' });
    const first = await user.client
      .from('storage_rooms')
      .insert({ room_name: 'Garage', room_index: 1, active: true });
    expect(first.error).toBeNull();
    const over = await user.client
      .from('storage_rooms')
      .insert({ room_name: 'Loft', room_index: 2, active: false });
    expect(over.error?.message).toBe(`${PLAN_LIMIT_REACHED}: ${planLimitMessage('rooms', 'free')}`);
    expect(over.error?.message).toContain('limited to 1 room');
    expect(await count('storage_rooms', user.accountId)).toBe(1);

    await setPlan(user.accountId, 'growing');
    const second = await user.client
      .from('storage_rooms')
      .insert({ room_name: 'Loft', room_index: 2, active: false });
    expect(second.error).toBeNull();
    const third = await user.client
      .from('storage_rooms')
      .insert({ room_name: 'Shed', room_index: 3, active: false });
    expect(third.error?.message).toBe(
      `${PLAN_LIMIT_REACHED}: ${planLimitMessage('rooms', 'growing')}`,
    );
  });
});

describe('a user cannot change their own plan', () => {
  it('refuses updates, inserts and upserts of profiles and subscriptions through REST', async () => {
    const user = await createDbUser({ prefix: 'upgrade' });
    const c = user.client;

    const attempts = [
      await c.from('accounts').update({ plan_id: 'elite' }).eq('id', user.accountId),
      await c
        .from('accounts')
        .upsert({
          id: user.accountId,
          name: 'x',
          primary_owner_user_id: user.id,
          plan_id: 'elite',
        }),
      await c
        .from('accounts')
        .insert({ name: 'x', primary_owner_user_id: user.id, plan_id: 'elite' }),
      await c.from('profiles').update({ email: 'x@example.test' }).eq('id', user.id),
      await c
        .from('subscriptions')
        .update({ plan_id: 'elite', status: 'active' })
        .eq('account_id', user.accountId),
      await c
        .from('subscriptions')
        .upsert(
          { account_id: user.accountId, plan_id: 'elite', status: 'active' },
          { onConflict: 'account_id' },
        ),
      await c.from('subscriptions').insert({ account_id: user.accountId, plan_id: 'elite' }),
      await c.from('subscriptions').delete().eq('account_id', user.accountId),
      await c.from('profiles').delete().eq('id', user.id),
    ];
    for (const attempt of attempts) expect(attempt.error).not.toBeNull();

    // they can still read their own state
    const profile = await c.from('profiles').select('id, email').single();
    expect(profile.error).toBeNull();
    expect(profile.data).toEqual({ id: user.id, email: user.email });
    const account = await c.from('accounts').select('id, plan_id').single();
    expect(account.data).toEqual({ id: user.accountId, plan_id: 'free' });
    expect(await enforcedPlan(user.accountId)).toBe('free');
    const sub = await c.from('subscriptions').select('plan_id, status').single();
    expect(sub.data).toEqual({ plan_id: 'free', status: 'active' });

    // and the limit still holds
    await c.from('storage_rooms').insert({ room_name: 'One' });
    const second = await c.from('storage_rooms').insert({ room_name: 'Two' });
    expect(second.error?.message).toContain(PLAN_LIMIT_REACHED);
  });

  it('follows the plan the server writes on the subscription', async () => {
    const user = await createDbUser({ prefix: 'sync' });
    const service = serviceDbClient();
    const { error } = await service
      .from('subscriptions')
      .update({ plan_id: 'power' })
      .eq('account_id', user.accountId);
    expect(error).toBeNull();
    expect(await enforcedPlan(user.accountId)).toBe('power');
    const feature = await user.client.rpc('has_plan_feature', { p_feature: 'restore_backup' });
    expect(feature.data).toBe(true);
  });
});

describe('plan-gated data', () => {
  it('serves marketplace listings only from Growing Seller up', async () => {
    const user = await createDbUser({ prefix: 'listings' });
    await db().query(
      `insert into public.ebay_processed_listings (account_id, listing_id, title) values ($1, 'L1', 'Lamp'), ($1, 'L2', 'Vase')`,
      [user.accountId],
    );
    const free = await user.client
      .from('ebay_processed_listings')
      .select('listing_id')
      .eq('display', true);
    expect(free.error).toBeNull();
    expect(free.data).toEqual([]);
    const hide = await user.client
      .from('ebay_processed_listings')
      .update({ display: false })
      .eq('listing_id', 'L1')
      .select('listing_id');
    expect(hide.data ?? []).toEqual([]);

    await setPlan(user.accountId, 'growing');
    const growing = await user.client
      .from('ebay_processed_listings')
      .select('listing_id')
      .eq('display', true)
      .order('listing_id');
    expect(growing.data).toEqual([{ listing_id: 'L1' }, { listing_id: 'L2' }]);
    const hidden = await user.client
      .from('ebay_processed_listings')
      .update({ display: false })
      .eq('listing_id', 'L1')
      .select('listing_id');
    expect(hidden.data).toEqual([{ listing_id: 'L1' }]);
    // the browser may only flip display, not rewrite what the server fetched
    const rename = await user.client
      .from('ebay_processed_listings')
      .update({ title: 'Free lamp' })
      .eq('listing_id', 'L2');
    expect(rename.error).not.toBeNull();
  });

  it('hands out the marketplace token for orders only on Elite, for listings from Growing', async () => {
    const user = await createDbUser({ prefix: 'orders', plan: 'power' });
    await db().query(
      `insert into public.ebay_tokens (account_id, access_token) values ($1, 'tok')`,
      [user.accountId],
    );
    const service = serviceDbClient();

    const orders = await service.rpc('get_ebay_token', {
      p_account_id: user.accountId,
      p_purpose: 'orders',
    });
    expect(orders.error?.message).toContain('PLAN_FEATURE_UNAVAILABLE');
    const listings = await service.rpc('get_ebay_token', {
      p_account_id: user.accountId,
      p_purpose: 'listings',
    });
    expect(listings.error).toBeNull();
    expect(listings.data).toEqual([expect.objectContaining({ access_token: 'tok' })]);

    await setPlan(user.accountId, 'elite');
    const elite = await service.rpc('get_ebay_token', {
      p_account_id: user.accountId,
      p_purpose: 'orders',
    });
    expect(elite.error).toBeNull();

    await setPlan(user.accountId, 'free');
    const free = await service.rpc('get_ebay_token', {
      p_account_id: user.accountId,
      p_purpose: 'listings',
    });
    expect(free.error?.message).toContain('PLAN_FEATURE_UNAVAILABLE');
    const inventory = await service.rpc('get_ebay_token', {
      p_account_id: user.accountId,
      p_purpose: 'inventory',
    });
    expect(inventory.error).toBeNull();

    // not for the browser at all
    const browser = await user.client.rpc('get_ebay_token', {
      p_account_id: user.accountId,
      p_purpose: 'inventory',
    });
    expect(browser.error).not.toBeNull();
  });

  it('answers has_plan_feature for the caller only', async () => {
    const user = await createDbUser({ prefix: 'feature' });
    const other = await createDbUser({ prefix: 'feature', plan: 'elite' });
    expect((await user.client.rpc('has_plan_feature', { p_feature: 'view_3d' })).data).toBe(false);
    expect((await other.client.rpc('has_plan_feature', { p_feature: 'orders' })).data).toBe(true);
    const snoop = await user.client.rpc('has_plan_feature', {
      p_feature: 'orders',
      p_account_id: other.accountId,
    });
    expect(snoop.error).not.toBeNull();
    const server = await serviceDbClient().rpc('has_plan_feature', {
      p_feature: 'orders',
      p_account_id: other.accountId,
    });
    expect(server.data).toBe(true);
  });
});
