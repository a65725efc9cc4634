/**
 * The inventory screen's data functions against a real stack: the two SQL functions its
 * migration adds (add_isle, update_item) and the client functions that make more than one call
 * (paged item loading, barcode search).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchItemsByBarcode } from '../../src/data/items/barcode-search.ts';
import { fetchAllItems, fetchRoomItems } from '../../src/data/items/fetch-all-items.ts';
import type { Database } from '../../src/lib/database.types.ts';
import {
  closeDb,
  createDbUser,
  createDbUserPair,
  createStorage,
  db,
  type DbUser,
} from '../helpers/db-users.ts';

const typed = (user: DbUser) => user.client as unknown as SupabaseClient<Database>;

async function logs(accountId: string, action: string): Promise<string[]> {
  const { rows } = await db().query<{ details: string }>(
    `select details from public.storage_logs where account_id = $1 and action = $2 order by "timestamp"`,
    [accountId, action],
  );
  return rows.map((row) => row.details);
}

afterAll(async () => {
  await closeDb();
});

describe('add_isle', () => {
  let user: DbUser;
  let other: DbUser;
  let roomId: string;

  beforeAll(async () => {
    [user, other] = await createDbUserPair({ prefix: 'inv-isle' });
    roomId = (await createStorage(user.accountId, { roomName: 'Garage', units: 1 })).roomId;
  });

  it('adds an isle with its first unit, named A, of the chosen type', async () => {
    const { data, error } = await user.client.rpc('add_isle', {
      p_room_id: roomId,
      p_isle_index: 4,
      p_unit_type: 'cabinet',
      p_position3d: { x: 0, y: 0, z: 0, size: 50 },
    });
    expect(error).toBeNull();
    expect(data.isle).toMatchObject({ room_id: roomId, isle_index: 4, account_id: user.accountId });
    expect(data.unit).toMatchObject({
      isle_id: data.isle.isle_id,
      unit_name: 'A',
      unit_type: 'cabinet',
      naming_convention: 'alphabetical',
      position3D: { x: 0, y: 0, z: 0, size: 50 },
    });
  });

  it('refuses a number already used in the room with the spec message', async () => {
    const { error } = await user.client.rpc('add_isle', { p_room_id: roomId, p_isle_index: 1 });
    expect(error?.code).toBe('23505');
    expect(error?.message).toBe('Isle number 1 is already in use in this room');
  });

  it('refuses bad numbers and types, and rooms that are not the caller’s', async () => {
    const zero = await user.client.rpc('add_isle', { p_room_id: roomId, p_isle_index: 0 });
    expect(zero.error?.message).toBe('Invalid isle number');
    const crate = await user.client.rpc('add_isle', {
      p_room_id: roomId,
      p_isle_index: 9,
      p_unit_type: 'crate',
    });
    expect(crate.error?.code).toBe('23514');
    const theirs = await other.client.rpc('add_isle', { p_room_id: roomId, p_isle_index: 9 });
    expect(theirs.error?.message).toBe('Room not found');
    const { rows } = await db().query(
      'select isle_index from public.storage_isles where room_id = $1 order by isle_index',
      [roomId],
    );
    expect(rows.map((row) => row.isle_index)).toEqual([1, 4]);
  });

  it('leaves no empty isle behind when the unit limit refuses the unit', async () => {
    const free = await createDbUser({ prefix: 'inv-isle-limit' });
    const storage = await createStorage(free.accountId, { units: 3 });
    const { error } = await free.client.rpc('add_isle', {
      p_room_id: storage.roomId,
      p_isle_index: 2,
    });
    expect(error?.message).toBe(
      'PLAN_LIMIT_REACHED: You can only add up to 3 units in your current plan',
    );
    expect(JSON.parse(error!.details)).toEqual({ kind: 'units', plan: 'free', limit: 3 });
    const { rows } = await db().query(
      'select count(*)::int as n from public.storage_isles where account_id = $1',
      [free.accountId],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('add_room, add_unit, rename_unit, renumber_isle', () => {
  let user: DbUser;
  let other: DbUser;

  beforeAll(async () => {
    [user, other] = await createDbUserPair({ plan: 'growing', prefix: 'inv-logged' });
  });

  it('add_room puts the room last, trims its name and logs it; the plan limit refuses', async () => {
    const first = await user.client.rpc('add_room', { p_room_name: ' Garage ' });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      room_name: 'Garage',
      room_index: 1,
      active: true,
      account_id: user.accountId,
    });
    const second = await user.client.rpc('add_room', { p_room_name: 'Shed' });
    expect(second.data.room_index).toBe(2);
    const third = await user.client.rpc('add_room', { p_room_name: 'Attic' });
    expect(third.error?.message).toBe(
      'PLAN_LIMIT_REACHED: Your growing plan is limited to 2 rooms. Please upgrade to add more',
    );
    const blank = await user.client.rpc('add_room', { p_room_name: '  ' });
    expect(blank.error?.message).toBe('Room name is required');
    expect(await logs(user.accountId, 'add_room')).toEqual([
      'Added room Garage',
      'Added room Shed',
    ]);
  });

  it('add_unit names units A, B, C… filling gaps, and logs them', async () => {
    const user = await createDbUser({ prefix: 'inv-add-unit' });
    const storage = await createStorage(user.accountId, { roomName: 'Depot', units: 2 });
    await db().query('delete from public.storage_units where unit_id = $1', [storage.unitIds[0]]);
    const gap = await user.client.rpc('add_unit', {
      p_isle_id: storage.isleId,
      p_unit_type: 'bin',
      p_position3d: { x: 0, y: 0, z: 0, size: 25 },
    });
    expect(gap.error).toBeNull();
    expect(gap.data).toMatchObject({
      unit_name: 'A',
      unit_type: 'bin',
      naming_convention: 'alphabetical',
      position3D: { x: 0, y: 0, z: 0, size: 25 },
    });
    const next = await user.client.rpc('add_unit', { p_isle_id: storage.isleId });
    expect(next.data).toMatchObject({ unit_name: 'C', unit_type: 'box' });
    expect(await logs(user.accountId, 'add_unit')).toEqual([
      'Added unit A (bin) to Depot / Isle 1',
      'Added unit C (box) to Depot / Isle 1',
    ]);
    const theirs = await other.client.rpc('add_unit', { p_isle_id: storage.isleId });
    expect(theirs.error?.message).toBe('Isle not found');
  });

  it('add_unit is refused at the unit limit', async () => {
    const free = await createDbUser({ prefix: 'inv-unit-limit' });
    const storage = await createStorage(free.accountId, { units: 3 });
    const { error } = await free.client.rpc('add_unit', { p_isle_id: storage.isleId });
    expect(error?.message).toBe(
      'PLAN_LIMIT_REACHED: You can only add up to 3 units in your current plan',
    );
    expect(await logs(free.accountId, 'add_unit')).toEqual([]);
  });

  it('rename_unit keeps names unique in the isle (any case) and logs a change', async () => {
    const user = await createDbUser({ prefix: 'inv-rename-unit' });
    const storage = await createStorage(user.accountId, { roomName: 'Yard', units: 2 });
    const [a, b] = storage.unitIds;
    const renamed = await user.client.rpc('rename_unit', { p_unit_id: a, p_unit_name: ' Top ' });
    expect(renamed.data).toMatchObject({ unit_name: 'Top' });
    const clash = await user.client.rpc('rename_unit', { p_unit_id: b, p_unit_name: 'TOP' });
    expect(clash.error?.code).toBe('23505');
    await user.client.rpc('rename_unit', { p_unit_id: a, p_unit_name: 'Top' });
    expect(await logs(user.accountId, 'update_unit')).toEqual(['Renamed unit A to Top']);
    const theirs = await other.client.rpc('rename_unit', { p_unit_id: b, p_unit_name: 'X' });
    expect(theirs.error?.message).toBe('Unit not found');
  });

  it('renumber_isle refuses a number in use in the room and logs a change', async () => {
    const fresh = await createDbUser({ plan: 'growing', prefix: 'inv-renumber' });
    const storage = await createStorage(fresh.accountId, { roomName: 'Barn' });
    const second = await fresh.client.rpc('add_isle', {
      p_room_id: storage.roomId,
      p_isle_index: 2,
    });
    const clash = await fresh.client.rpc('renumber_isle', {
      p_isle_id: storage.isleId,
      p_isle_index: 2,
    });
    expect(clash.error?.code).toBe('23505');
    expect(clash.error?.message).toBe('Isle number 2 is already in use in this room');
    const zero = await fresh.client.rpc('renumber_isle', {
      p_isle_id: storage.isleId,
      p_isle_index: 0,
    });
    expect(zero.error?.message).toBe('Invalid isle number');
    const moved = await fresh.client.rpc('renumber_isle', {
      p_isle_id: second.data.isle.isle_id,
      p_isle_index: 5,
    });
    expect(moved.data).toMatchObject({ isle_index: 5 });
    expect(await logs(fresh.accountId, 'update_isle')).toEqual([
      'Changed isle 2 to isle 5 in room Barn',
    ]);
    expect(await logs(fresh.accountId, 'add_isle')).toEqual([
      'Added isle 2 to room Barn with unit A (box)',
    ]);
  });
});

describe('update_item', () => {
  let user: DbUser;
  let other: DbUser;
  let itemId: string;

  beforeAll(async () => {
    [user, other] = await createDbUserPair({ prefix: 'inv-update' });
    itemId = (await createStorage(user.accountId, { items: 1 })).itemIds[0]!;
  });

  it('changes only the given fields and logs what changed', async () => {
    const { data, error } = await user.client.rpc('update_item', {
      p_item_id: itemId,
      p_changes: { quantity: 4, price_paid: 3.2, expiry_date: '2030-12-31', sku: ' TP-1 ' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      item_id: itemId,
      item_name: 'Item 1',
      quantity: 4,
      barcode: 'BC1',
      sku: 'TP-1',
      price_paid: 3.2,
      expiry_date: '2030-12-31',
    });
    expect(await logs(user.accountId, 'update_item')).toEqual([
      'Updated Item 1: quantity 1 → 4, SKU - → TP-1, price paid - → 3.20, expiry - → 2030-12-31',
    ]);
  });

  it('clears optional fields with null or blank, renames, and logs nothing when nothing changed', async () => {
    const { data } = await user.client.rpc('update_item', {
      p_item_id: itemId,
      p_changes: { item_name: ' Teapot ', barcode: '', price_paid: null, expiry_date: null },
    });
    expect(data).toMatchObject({
      item_name: 'Teapot',
      barcode: null,
      price_paid: null,
      expiry_date: null,
    });
    await user.client.rpc('update_item', { p_item_id: itemId, p_changes: { quantity: 4 } });
    expect(await logs(user.accountId, 'update_item')).toHaveLength(2);
  });

  it('refuses invalid values without changing anything', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ item_name: '  ' }, 'Missing item name'],
      [{ quantity: -1 }, 'Invalid quantity'],
      [{ quantity: 1.5 }, 'Invalid quantity'],
      [{ quantity: '3' }, 'Invalid quantity'],
      [{ price_paid: 'cheap' }, 'Invalid price'],
      [{ expiry_date: '2030-02-30' }, 'Invalid expiry date'],
    ];
    for (const [changes, message] of cases) {
      const { error } = await user.client.rpc('update_item', {
        p_item_id: itemId,
        p_changes: changes,
      });
      expect(error?.message, JSON.stringify(changes)).toBe(message);
    }
    const { rows } = await db().query(
      'select item_name, quantity from public.storage_items where item_id = $1',
      [itemId],
    );
    expect(rows[0]).toEqual({ item_name: 'Teapot', quantity: 4 });
  });

  it("cannot touch another user's item", async () => {
    const { error } = await other.client.rpc('update_item', {
      p_item_id: itemId,
      p_changes: { quantity: 99 },
    });
    expect(error?.message).toBe('Item not found');
  });
});

describe('loading every item', () => {
  it('pages newest first without gaps or repeats, past PostgREST’s 1000 rows', async () => {
    const user = await createDbUser({ plan: 'elite', prefix: 'inv-pages' });
    const storage = await createStorage(user.accountId, { items: 2345 });
    const newestFirst = [...storage.itemIds].reverse();
    // in one round (the plan's 5000) or in two (a plan hint of 1000 below the real count)
    for (const expectedItems of [5000, 1000]) {
      const items = await fetchAllItems(typed(user), { expectedItems });
      expect(items.map((item) => item.item_id)).toEqual(newestFirst);
    }
    const items = await fetchAllItems(typed(user));
    expect(items[0]).toMatchObject({ item_name: 'Item 2345', quantity: 1, barcode: 'BC2345' });
  });

  it('breaks ties in created_at by id, so small pages cover every row once', async () => {
    const user = await createDbUser({ prefix: 'inv-ties' });
    const storage = await createStorage(user.accountId, { items: 23 });
    await db().query(
      `update public.storage_items set created_at = '2026-01-01' where account_id = $1`,
      [user.accountId],
    );
    const items = await fetchAllItems(typed(user), { pageSize: 5 });
    expect(new Set(items.map((item) => item.item_id))).toEqual(new Set(storage.itemIds));
    expect(items).toHaveLength(23);
  });

  it('returns nothing for a user without items', async () => {
    const user = await createDbUser({ prefix: 'inv-empty' });
    expect(await fetchAllItems(typed(user))).toEqual([]);
  });
});

describe('fetchRoomItems', () => {
  it("gives one room's items alone, newest first, then the full list gives them all", async () => {
    const user = await createDbUser({ prefix: 'inv-room', plan: 'power' });
    const first = await createStorage(user.accountId, { roomName: 'Garage', items: 3 });
    const second = await createStorage(user.accountId, { roomName: 'Loft', items: 4 });
    const room = await fetchRoomItems(typed(user), second.unitIds, { pageSize: 3 });
    expect(room.map((item) => item.item_id)).toEqual([...second.itemIds].reverse());
    expect(Object.keys(room[0]!).sort()).toEqual(
      Object.keys((await fetchAllItems(typed(user)))[0]!).sort(),
    );
    const all = await fetchAllItems(typed(user));
    expect(new Set(all.map((item) => item.item_id))).toEqual(
      new Set([...first.itemIds, ...second.itemIds]),
    );
    expect(await fetchRoomItems(typed(user), [])).toEqual([]);
  });
});

describe('barcode search', () => {
  let user: DbUser;
  let other: DbUser;

  beforeAll(async () => {
    [user, other] = await createDbUserPair({ prefix: 'inv-search' });
    const storage = await createStorage(user.accountId, { roomName: 'Garage', items: 4 });
    await createStorage(other.accountId, { items: 2 });
    const set = (id: string, name: string, barcode: string | null) =>
      db().query(
        'update public.storage_items set item_name = $2, barcode = $3 where item_id = $1',
        [id, name, barcode],
      );
    await set(storage.itemIds[0]!, 'Blue teapot', '5012345678900');
    await set(storage.itemIds[1]!, 'Teapot lid 50% off', 'ABC-1');
    await set(storage.itemIds[2]!, 'Mug, large', 'abc-12');
    await set(storage.itemIds[3]!, 'Plate', null);
  });

  const names = async (query: string) =>
    (await searchItemsByBarcode(typed(user), query)).map((hit) => hit.item_name);

  it('an exact barcode (any case) finds only that item, with its location', async () => {
    const hits = await searchItemsByBarcode(typed(user), 'abc-1');
    expect(hits.map((hit) => hit.item_name)).toEqual(['Teapot lid 50% off']);
    expect(hits[0]!.location).toMatchObject({
      roomName: 'Garage',
      isleIndex: 1,
      unitName: 'A',
      shelfIndex: 1,
    });
  });

  it('otherwise matches part of the name or barcode, newest first', async () => {
    expect(await names('TEAPOT')).toEqual(['Teapot lid 50% off', 'Blue teapot']);
    expect(await names('2345')).toEqual(['Blue teapot']);
    expect(await names('abc')).toEqual(['Mug, large', 'Teapot lid 50% off']);
  });

  it('treats wildcards, commas and brackets in the text literally', async () => {
    expect(await names('50%')).toEqual(['Teapot lid 50% off']);
    expect(await names('_')).toEqual([]);
    expect(await names('mug, l')).toEqual(['Mug, large']);
    expect(await names('(x)')).toEqual([]);
  });

  it('only finds the caller’s items; blank text finds nothing', async () => {
    expect(await names('Item')).toEqual([]);
    expect(await names('   ')).toEqual([]);
  });
});
