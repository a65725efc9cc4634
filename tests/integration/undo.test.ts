/**
 * Undo (issue 25): a move or a removal taken back by undo_change, through PostgREST as the
 * signed-in seller: exactly what was there comes back (same ids, indexes, quantities), all or
 * nothing, logged; refused with a message naming what changed when rows were touched since,
 * refused twice, refused for another seller, and plan limits still hold.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_LIMIT_REACHED } from '../../src/domain/plans.ts';
import {
  closeDb,
  createDbUserPair,
  createStorage,
  db,
  setPlan,
  type DbUser,
} from '../helpers/db-users.ts';

let user: DbUser;
let other: DbUser;

beforeEach(async () => {
  [user, other] = await createDbUserPair({ plan: 'elite', prefix: 'undo' });
});

afterAll(async () => {
  await closeDb();
});

/** Every storage row of a seller, as the database has it (updated_at aside). */
async function snapshot(accountId: string): Promise<unknown[]> {
  const { rows } = await db().query(
    `select t, to_jsonb(r) - 'updated_at' as row from (
       select 'room' as t, to_jsonb(x) as r, x.room_id as id from public.storage_rooms x where account_id = $1
       union all select 'isle', to_jsonb(x), x.isle_id from public.storage_isles x where account_id = $1
       union all select 'unit', to_jsonb(x), x.unit_id from public.storage_units x where account_id = $1
       union all select 'shelf', to_jsonb(x), x.shelf_id from public.storage_shelves x where account_id = $1
       union all select 'item', to_jsonb(x), x.item_id from public.storage_items x where account_id = $1
     ) s(t, r, id) order by t, id`,
    [accountId],
  );
  return rows;
}

/** The newest change of an action, as the client reads it. */
async function lastChange(u: DbUser, action: string): Promise<string> {
  const { data, error } = await u.client
    .from('undo_changes')
    .select('change_id')
    .eq('action', action)
    .order('created_at', { ascending: false })
    .limit(1)
    .single();
  expect(error).toBeNull();
  return data!.change_id as string;
}

async function undo(u: DbUser, changeId: string) {
  return u.client.rpc('undo_change', { p_change_id: changeId });
}

describe('undo_change', () => {
  it('puts moved items back on their shelf, logs it and offers the change on its log line', async () => {
    const s = await createStorage(user.accountId, { shelves: 2, items: 2 });
    const before = await snapshot(user.accountId);
    const moved = await user.client.rpc('move_items', {
      p_item_ids: s.itemIds,
      p_shelf_id: s.shelfIds[1],
    });
    expect(moved.error).toBeNull();
    const changeId = await lastChange(user, 'move_items');

    const { data: log } = await user.client
      .from('storage_logs')
      .select('action, change_id')
      .eq('action', 'move_item')
      .single();
    expect(log).toEqual({ action: 'move_item', change_id: changeId });
    const offered = await user.client.rpc('undoable_changes');
    expect(offered.data).toContain(changeId);

    const res = await undo(user, changeId);
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ change_id: changeId, action: 'move_items' });
    expect(await snapshot(user.accountId)).toEqual(before);

    const { data: undoLog } = await user.client
      .from('storage_logs')
      .select('details')
      .eq('action', 'undo')
      .single();
    expect(undoLog!.details).toMatch(
      /^Undid: Moved 2 item\(s\) to Garage \/ Isle 1 \/ Unit A \/ Shelf 2/,
    );
    const after = await user.client.rpc('undoable_changes');
    expect(after.data).not.toContain(changeId);
  });

  it('brings back a removed unit with its shelves and items: same ids, indexes, quantities', async () => {
    const s = await createStorage(user.accountId, { units: 2, shelves: 3, items: 3 });
    await db().query('update public.storage_items set quantity = 7 where item_id = $1', [
      s.itemIds[0],
    ]);
    const before = await snapshot(user.accountId);
    const removed = await user.client.rpc('remove_unit', { p_unit_id: s.unitIds[0] });
    expect(removed.error).toBeNull();
    const changeId = (removed.data as { change_id: string }).change_id;
    expect(changeId).toEqual(await lastChange(user, 'remove_unit'));
    expect((await snapshot(user.accountId)).length).toBeLessThan(before.length);

    const res = await undo(user, changeId);
    expect(res.error).toBeNull();
    expect(await snapshot(user.accountId)).toEqual(before);
  });

  it('brings back an isle removed with its last unit, and the room isles numbers', async () => {
    const s = await createStorage(user.accountId, { units: 1, shelves: 1, items: 1 });
    await db().query(
      `with i as (insert into public.storage_isles (account_id, room_id, isle_index) values ($1, $2, 2) returning isle_id)
       insert into public.storage_units (account_id, isle_id, unit_name, unit_index) select $1, isle_id, 'A', 1 from i`,
      [user.accountId, s.roomId],
    );
    const before = await snapshot(user.accountId);
    const removed = await user.client.rpc('remove_unit', { p_unit_id: s.unitIds[0] });
    expect(removed.data).toMatchObject({ isle_removed: true });
    const res = await undo(user, (removed.data as { change_id: string }).change_id);
    expect(res.error).toBeNull();
    expect(await snapshot(user.accountId)).toEqual(before);
  });

  it('restores the numbers of the sibling shelves after remove_shelf', async () => {
    const s = await createStorage(user.accountId, { shelves: 4, items: 0 });
    const before = await snapshot(user.accountId);
    const removed = await user.client.rpc('remove_shelf', { p_shelf_id: s.shelfIds[1] });
    expect(removed.error).toBeNull();
    expect((removed.data as { shelf_index: number }[]).map((r) => r.shelf_index)).toEqual([
      1, 2, 3,
    ]);
    const res = await undo(user, await lastChange(user, 'remove_shelf'));
    expect(res.error).toBeNull();
    expect(await snapshot(user.accountId)).toEqual(before);
  });

  it('brings back a removed room, its numbers and which room is active', async () => {
    const first = await createStorage(user.accountId, { roomName: 'Garage', shelves: 2, items: 2 });
    await createStorage(user.accountId, { roomName: 'Attic', shelves: 1, items: 1 });
    await db().query(
      `update public.storage_rooms set active = (room_id = $2) where account_id = $1`,
      [user.accountId, first.roomId],
    );
    const before = await snapshot(user.accountId);
    const removed = await user.client.rpc('remove_room', { p_room_id: first.roomId });
    expect(removed.error).toBeNull();
    const res = await undo(user, (removed.data as { change_id: string }).change_id);
    expect(res.error).toBeNull();
    expect(await snapshot(user.accountId)).toEqual(before);
  });

  it('brings back removed items and an isle removed by remove_isle', async () => {
    const s = await createStorage(user.accountId, { units: 2, shelves: 2, items: 3 });
    const before = await snapshot(user.accountId);
    expect(
      (await user.client.rpc('remove_items', { p_item_ids: s.itemIds.slice(0, 2) })).error,
    ).toBeNull();
    expect((await undo(user, await lastChange(user, 'remove_items'))).error).toBeNull();
    expect(await snapshot(user.accountId)).toEqual(before);
    expect((await user.client.rpc('remove_isle', { p_isle_id: s.isleId })).error).toBeNull();
    expect((await undo(user, await lastChange(user, 'remove_isle'))).error).toBeNull();
    expect(await snapshot(user.accountId)).toEqual(before);
  });

  it('refuses when an item was moved or edited since, saying which, and changes nothing', async () => {
    const s = await createStorage(user.accountId, { shelves: 3, items: 2 });
    await user.client.rpc('move_items', { p_item_ids: s.itemIds, p_shelf_id: s.shelfIds[1] });
    const changeId = await lastChange(user, 'move_items');
    await user.client.rpc('move_items', { p_item_ids: [s.itemIds[0]], p_shelf_id: s.shelfIds[2] });
    const during = await snapshot(user.accountId);

    const refused = await undo(user, changeId);
    expect(refused.error).toMatchObject({
      code: '22023',
      message: `Can't undo: "Item 1" was changed since.`,
    });
    expect(await snapshot(user.accountId)).toEqual(during);
    expect((await user.client.rpc('undoable_changes')).data).not.toContain(changeId);

    // the later move undone first, the earlier one can go too
    expect((await undo(user, await lastChange(user, 'move_items'))).error).toBeNull();
    expect((await undo(user, changeId)).error).toBeNull();

    const edited = await createStorage(user.accountId, { roomName: 'Shed', shelves: 2, items: 1 });
    await user.client.rpc('move_items', {
      p_item_ids: edited.itemIds,
      p_shelf_id: edited.shelfIds[1],
    });
    const editId = await lastChange(user, 'move_items');
    await user.client.rpc('update_item', {
      p_item_id: edited.itemIds[0],
      p_changes: { quantity: 5 },
    });
    expect((await undo(user, editId)).error).toMatchObject({
      message: `Can't undo: "Item 1" was changed since.`,
    });
  });

  it('refuses when a removed shelf number was taken since', async () => {
    const s = await createStorage(user.accountId, { shelves: 2 });
    await user.client.rpc('remove_shelf', { p_shelf_id: s.shelfIds[0] });
    const changeId = await lastChange(user, 'remove_shelf');
    await user.client.rpc('add_shelf', { p_unit_id: s.unitIds[0] });
    const refused = await undo(user, changeId);
    expect(refused.error).toMatchObject({ code: '22023' });
    expect(refused.error!.message).toMatch(/^Can't undo: /);
  });

  it('refuses a second undo of the same change', async () => {
    const s = await createStorage(user.accountId, { shelves: 2, items: 1 });
    await user.client.rpc('move_items', { p_item_ids: s.itemIds, p_shelf_id: s.shelfIds[1] });
    const changeId = await lastChange(user, 'move_items');
    expect((await undo(user, changeId)).error).toBeNull();
    const again = await undo(user, changeId);
    expect(again.error).toMatchObject({
      code: '22023',
      message: 'This change was already undone.',
    });
  });

  it("cannot touch another seller's change, nor read it", async () => {
    const s = await createStorage(user.accountId, { shelves: 2, items: 1 });
    await user.client.rpc('remove_items', { p_item_ids: s.itemIds });
    const changeId = await lastChange(user, 'remove_items');
    const theirs = await undo(other, changeId);
    expect(theirs.error).toMatchObject({ code: 'PT404', message: 'Change not found' });
    const read = await other.client.from('undo_changes').select('change_id');
    expect(read.data).toEqual([]);
    const write = await user.client
      .from('undo_changes')
      .update({ undone_at: null })
      .eq('change_id', changeId);
    expect(write.error).not.toBeNull();
    const { rows } = await db().query(
      'select count(*)::int as n from public.storage_items where account_id = $1',
      [user.accountId],
    );
    expect(rows[0].n).toBe(0);
  });

  it('holds plan limits: items put back count like new ones', async () => {
    await setPlan(user.accountId, 'free');
    const s = await createStorage(user.accountId, { shelves: 1, items: 3 });
    await user.client.rpc('remove_items', { p_item_ids: s.itemIds });
    const changeId = await lastChange(user, 'remove_items');
    const { rows } = await db().query<{ max_items: number }>(
      "select max_items from public.plans where plan_id = 'free'",
    );
    await db().query(
      `insert into public.storage_items (account_id, item_name, shelf_id, unit_id)
       select $1, 'Filler ' || g, $2, $3 from generate_series(1, $4::int) g`,
      [user.accountId, s.shelfIds[0], s.unitIds[0], rows[0]!.max_items - 1],
    );
    const refused = await undo(user, changeId);
    expect(refused.error!.message.startsWith(`${PLAN_LIMIT_REACHED}: `)).toBe(true);
    const { rows: n } = await db().query(
      'select count(*)::int as n from public.storage_items where account_id = $1',
      [user.accountId],
    );
    expect(n[0].n).toBe(rows[0]!.max_items - 1); // nothing half put back
  });

  it('keeps the newest changes only', async () => {
    const s = await createStorage(user.accountId, { shelves: 2, items: 1 });
    const keeps = 50;
    for (let i = 0; i < keeps + 3; i++)
      await user.client.rpc('move_items', {
        p_item_ids: s.itemIds,
        p_shelf_id: s.shelfIds[(i + 1) % 2],
      });
    const { rows } = await db().query(
      'select count(*)::int as n from public.undo_changes where account_id = $1',
      [user.accountId],
    );
    expect(rows[0].n).toBe(keeps);
  });
});
