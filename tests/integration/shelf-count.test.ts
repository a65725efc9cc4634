/**
 * Counting a shelf (issue #41): apply_shelf_count through PostgREST as the signed-in seller.
 * The count lands whole (missing → 0 on the shelf, unexpected → moved here, quantities set), is
 * logged once and undone as one step; a count applied after another device changed the shelf is
 * refused and changes nothing; a picker may count, someone from another account may not; the
 * "not counted lately" list follows last_counted_at.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, createDbUserPair, createStorage, db, type DbUser } from '../helpers/db-users.ts';

let user: DbUser;
let other: DbUser;

beforeEach(async () => {
  [user, other] = await createDbUserPair({ plan: 'growing', prefix: 'count' });
});

afterAll(async () => {
  await closeDb();
});

const CHANGED = 'This shelf changed while you counted — count again';

/** Each item of the account: where it is and how many. */
async function items(accountId: string): Promise<Record<string, { shelf: string; qty: number }>> {
  const { rows } = await db().query<{ item_id: string; shelf_id: string; quantity: number }>(
    'select item_id, shelf_id, quantity from public.storage_items where account_id = $1',
    [accountId],
  );
  return Object.fromEntries(
    rows.map((row) => [row.item_id, { shelf: row.shelf_id, qty: row.quantity }]),
  );
}

/** Shelf 1 holds Item 1..3 (1 each); Item 4 is moved to shelf 2. */
async function fixture(u: DbUser) {
  const s = await createStorage(u.accountId, { shelves: 2, items: 4 });
  const [a, b, c, d] = s.itemIds as [string, string, string, string];
  await db().query(
    'update public.storage_items set shelf_id = $1, quantity = 2 where item_id = $2',
    [s.shelfIds[1], d],
  );
  const shelf = s.shelfIds[0]!;
  const expected = [a, b, c].map((item_id) => ({ item_id, quantity: 1 }));
  // b missing, c counted 5, d found here (was on shelf 2), a as expected
  const found = [
    { item_id: a, quantity: 1 },
    { item_id: c, quantity: 5 },
    { item_id: d, quantity: 2 },
  ];
  return { s, shelf, a, b, c, d, expected, found };
}

describe('apply_shelf_count', () => {
  it('applies the count whole, logs it once, stamps the shelf, and Undo puts it back', async () => {
    const f = await fixture(user);
    const before = await items(user.accountId);
    // counted once before, by the same seller
    const earlier = new Date('2026-01-05T10:00:00Z');
    await db().query(
      'update public.storage_shelves set last_counted_at = $1, last_counted_by = $2 where shelf_id = $3',
      [earlier, user.id, f.shelf],
    );

    const res = await user.client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: f.expected,
      p_found: f.found,
    });
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ missing: 1, moved: 1, changed: 1 });
    const changeId = (res.data as { change_id: string }).change_id;
    expect(changeId).toEqual(expect.any(String));

    expect(await items(user.accountId)).toEqual({
      [f.a]: { shelf: f.shelf, qty: 1 },
      [f.b]: { shelf: f.shelf, qty: 0 },
      [f.c]: { shelf: f.shelf, qty: 5 },
      [f.d]: { shelf: f.shelf, qty: 2 },
    });
    const { data: logs } = await user.client
      .from('storage_logs')
      .select('action, details, change_id')
      .eq('action', 'count_shelf');
    expect(logs).toEqual([
      {
        action: 'count_shelf',
        details:
          'Counted Garage / Isle 1 / Unit A / Shelf 1: 1 missing: Item 2; 1 moved here: Item 4; 1 quantity changed: Item 3',
        change_id: changeId,
      },
    ]);
    const { rows: stamp } = await db().query(
      'select last_counted_at, last_counted_by from public.storage_shelves where shelf_id = $1',
      [f.shelf],
    );
    expect(stamp[0]).toMatchObject({ last_counted_at: expect.any(Date), last_counted_by: user.id });

    expect(stamp[0].last_counted_at).not.toEqual(earlier);

    const undone = await user.client.rpc('undo_change', { p_change_id: changeId });
    expect(undone.error).toBeNull();
    expect(await items(user.accountId)).toEqual(before);
    // the shelf is again as last counted before this count
    const { rows: back } = await db().query(
      'select last_counted_at, last_counted_by from public.storage_shelves where shelf_id = $1',
      [f.shelf],
    );
    expect(back[0]).toEqual({ last_counted_at: earlier, last_counted_by: user.id });
  });

  it('refuses a count made while another device changed the shelf, and changes nothing', async () => {
    const f = await fixture(user);
    // the other device: Item 1 sold one (quantity 1 → 0) after the count began
    const elsewhere = await user.client.rpc('update_item', {
      p_item_id: f.a,
      p_changes: { quantity: 0 },
    });
    expect(elsewhere.error).toBeNull();
    const before = await items(user.accountId);
    const { rows: logsBefore } = await db().query(
      'select count(*)::int as n from public.storage_logs where account_id = $1',
      [user.accountId],
    );

    const res = await user.client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: f.expected,
      p_found: f.found,
    });
    expect(res.error?.message).toBe(CHANGED);
    expect(res.error?.code).toBe('22023');
    expect(await items(user.accountId)).toEqual(before);
    const { rows: logsAfter } = await db().query(
      'select count(*)::int as n from public.storage_logs where account_id = $1',
      [user.accountId],
    );
    expect(logsAfter[0].n).toBe(logsBefore[0].n);
    const { rows: stamp } = await db().query(
      'select last_counted_at from public.storage_shelves where shelf_id = $1',
      [f.shelf],
    );
    expect(stamp[0].last_counted_at).toBeNull();

    // an item put on the shelf meanwhile is a change too
    const { rows: moved } = await db().query(
      'update public.storage_items set quantity = 1 where item_id = $1 returning item_id',
      [f.a],
    );
    expect(moved).toHaveLength(1);
    const put = await user.client.rpc('move_items', { p_item_ids: [f.d], p_shelf_id: f.shelf });
    expect(put.error).toBeNull();
    const again = await user.client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: f.expected,
      p_found: f.found,
    });
    expect(again.error?.message).toBe(CHANGED);
  });

  it('lets a picker count; someone of another account is refused and nothing changes', async () => {
    const f = await fixture(user);
    await db().query(
      `insert into public.account_members (account_id, user_id, role) values ($1, $2, 'picker')`,
      [user.accountId, other.id],
    );
    const before = await items(user.accountId);
    const outsider = await createDbUserPair({ plan: 'growing', prefix: 'count-out' });
    const refused = await outsider[0].client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: f.expected,
      p_found: f.found,
    });
    expect(refused.error?.message).toBe('Invalid location for item');
    expect(await items(user.accountId)).toEqual(before);

    await db().query(
      `insert into private.current_accounts (user_id, account_id) values ($1, $2)
         on conflict (user_id) do update set account_id = excluded.account_id`,
      [other.id, user.accountId],
    );
    const picked = await other.client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: f.expected,
      p_found: f.found,
    });
    expect(picked.error).toBeNull();
    expect((await items(user.accountId))[f.d]).toEqual({ shelf: f.shelf, qty: 2 });
    const { rows: stamp } = await db().query(
      'select last_counted_by from public.storage_shelves where shelf_id = $1',
      [f.shelf],
    );
    expect(stamp[0].last_counted_by).toBe(other.id);

    // the picker's Undo takes the stamp back too, though pickers may not write shelves
    const undone = await other.client.rpc('undo_change', {
      p_change_id: (picked.data as { change_id: string }).change_id,
    });
    expect(undone.error).toBeNull();
    const { rows: back } = await db().query(
      'select last_counted_at, last_counted_by from public.storage_shelves where shelf_id = $1',
      [f.shelf],
    );
    expect(back[0]).toEqual({ last_counted_at: null, last_counted_by: null });
  });

  it('Undo of an older count keeps a newer count of the shelf stamped; undoing both clears it', async () => {
    const f = await fixture(user);
    const first = await user.client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: f.expected,
      p_found: f.found,
    });
    expect(first.error).toBeNull();
    // a second count of the same shelf changes only Item 1, which the first did not touch
    const second = await user.client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: [
        { item_id: f.a, quantity: 1 },
        { item_id: f.b, quantity: 0 },
        { item_id: f.c, quantity: 5 },
        { item_id: f.d, quantity: 2 },
      ],
      p_found: [
        { item_id: f.c, quantity: 5 },
        { item_id: f.d, quantity: 2 },
      ],
    });
    expect(second.error).toBeNull();
    const stampOf = async () =>
      (
        await db().query<{ last_counted_at: Date | null }>(
          'select last_counted_at from public.storage_shelves where shelf_id = $1',
          [f.shelf],
        )
      ).rows[0]!.last_counted_at;
    const secondAt = new Date((second.data as { counted_at: string }).counted_at);
    expect(await stampOf()).toEqual(secondAt);

    const undoFirst = await user.client.rpc('undo_change', {
      p_change_id: (first.data as { change_id: string }).change_id,
    });
    expect(undoFirst.error).toBeNull();
    expect(await stampOf()).toEqual(secondAt);
    const undoSecond = await user.client.rpc('undo_change', {
      p_change_id: (second.data as { change_id: string }).change_id,
    });
    expect(undoSecond.error).toBeNull();
    expect(await stampOf()).toBeNull();
  });

  it('refuses bad input clearly and keeps the stamp from direct writes', async () => {
    const f = await fixture(user);
    const bad = await user.client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: f.expected,
      p_found: [{ item_id: f.a, quantity: -1 }],
    });
    expect(bad.error?.message).toBe('Invalid quantity');
    const twice = await user.client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: f.expected,
      p_found: [f.found[0], f.found[0]],
    });
    expect(twice.error?.message).toBe('Found items lists an item twice');

    const patch = await user.client
      .from('storage_shelves')
      .update({ last_counted_at: '2020-01-01T00:00:00Z' })
      .eq('shelf_id', f.shelf);
    expect(patch.error).toBeNull();
    const { rows } = await db().query(
      'select last_counted_at from public.storage_shelves where shelf_id = $1',
      [f.shelf],
    );
    expect(rows[0].last_counted_at).toBeNull();
  });
});

describe('shelves_not_counted', () => {
  it('lists shelves never counted or counted more than N days ago, never counted first', async () => {
    const f = await fixture(user);
    const [, second] = f.s.shelfIds as [string, string];
    let res = await user.client.rpc('shelves_not_counted', { p_days: 30 });
    expect(res.error).toBeNull();
    expect(res.data).toEqual([
      expect.objectContaining({
        shelf_id: f.shelf,
        location: 'Garage › Isle 1 › Unit A › Shelf 1',
        last_counted_at: null,
        item_count: 3,
      }),
      expect.objectContaining({ shelf_id: second, item_count: 1 }),
    ]);

    await db().query(
      `update public.storage_shelves set last_counted_at = now() - interval '40 days' where shelf_id = $1;`,
      [second],
    );
    const counted = await user.client.rpc('apply_shelf_count', {
      p_shelf_id: f.shelf,
      p_expected: f.expected,
      p_found: f.expected,
    });
    expect(counted.error).toBeNull();
    expect(counted.data).toMatchObject({ change_id: null, missing: 0, moved: 0, changed: 0 });

    res = await user.client.rpc('shelves_not_counted', { p_days: 30 });
    expect((res.data as { shelf_id: string }[]).map((row) => row.shelf_id)).toEqual([second]);
    res = await user.client.rpc('shelves_not_counted', { p_days: 60 });
    expect(res.data).toEqual([]);
  });
});
