/**
 * The queries the app makes (docs/product.md#server-calls), run through supabase-js against the
 * schema: nested storage tree, paged items newest first with a count, barcode search with the
 * location embedded, name search, logs newest first, preferences upsert. Guards the shape other
 * features build on (foreign keys PostgREST can embed through, column names as the app spells
 * them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb,
  createDbUserPair,
  createStorage,
  db,
  type DbUser,
  type StorageFixture,
} from '../helpers/db-users.ts';

let user: DbUser;
let other: DbUser;
let storage: StorageFixture;

beforeAll(async () => {
  [user, other] = await createDbUserPair({ plan: 'growing', prefix: 'query' });
  storage = await createStorage(user.accountId, {
    roomName: 'Garage',
    units: 2,
    shelves: 2,
    items: 12,
  });
  await createStorage(other.accountId, { roomName: 'Garage', units: 1, shelves: 1, items: 3 });
  await db().query(
    `update public.storage_items set item_name = 'Blue teapot', barcode = '5012345678900' where item_id = $1`,
    [storage.itemIds[0]],
  );
  await db().query(
    `update public.storage_units set "position3D" = '{"x":1,"y":0,"z":2}' where unit_id = $1`,
    [storage.unitIds[0]],
  );
});

afterAll(async () => {
  await closeDb();
});

describe('queries the app makes', () => {
  it('loads rooms with nested isles, units and shelves ordered by room_index', async () => {
    const { data, error } = await user.client
      .from('storage_rooms')
      .select(
        'room_id, room_name, room_index, active, camera_position_x, storage_isles(isle_id, isle_index, position_x, position_z, rotation_y, storage_units(unit_id, unit_name, unit_type, unit_index, naming_convention, position3D, storage_shelves(shelf_id, shelf_index)))',
      )
      .order('room_index');
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const room = data![0]!;
    expect(room).toMatchObject({
      room_id: storage.roomId,
      room_name: 'Garage',
      room_index: 1,
      active: true,
    });
    const units = room.storage_isles[0]!.storage_units.sort((a, b) => a.unit_index - b.unit_index);
    expect(units.map((u) => u.unit_name)).toEqual(['A', 'B']);
    expect(units[0]!.position3D).toEqual({ x: 1, y: 0, z: 2 });
    expect(
      units[0]!.storage_shelves.map((s: { shelf_index: number }) => s.shelf_index).sort(),
    ).toEqual([1, 2]);
  });

  it('counts items and pages them newest first', async () => {
    const count = await user.client
      .from('storage_items')
      .select('*', { count: 'exact', head: true });
    expect(count.error).toBeNull();
    expect(count.count).toBe(12);
    const page = await user.client
      .from('storage_items')
      .select('item_id, created_at')
      .order('created_at', { ascending: false })
      .range(0, 4);
    expect(page.data!.map((i) => i.item_id)).toEqual([...storage.itemIds].reverse().slice(0, 5));
  });

  it('finds an item by barcode with its unit, isle and room names', async () => {
    const { data, error } = await user.client
      .from('storage_items')
      .select(
        'item_id, item_name, storage_shelves(shelf_index), storage_units(unit_name, storage_isles(isle_index, storage_rooms(room_name)))',
      )
      .eq('barcode', '5012345678900');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        item_id: storage.itemIds[0],
        item_name: 'Blue teapot',
        storage_shelves: { shelf_index: 1 },
        storage_units: {
          unit_name: 'A',
          storage_isles: { isle_index: 1, storage_rooms: { room_name: 'Garage' } },
        },
      },
    ]);
  });

  it("searches names case-insensitively (limit 10), only among the user's items", async () => {
    const byName = await user.client
      .from('storage_items')
      .select('item_name')
      .ilike('item_name', '%TEAPOT%')
      .limit(10);
    expect(byName.data).toEqual([{ item_name: 'Blue teapot' }]);
    const many = await user.client
      .from('storage_items')
      .select('item_id')
      .ilike('item_name', '%item%')
      .limit(10);
    expect(many.data).toHaveLength(10);
    const either = await user.client
      .from('storage_items')
      .select('item_name')
      .or('item_name.ilike.%12345%,barcode.ilike.%12345%');
    expect(either.data).toEqual([{ item_name: 'Blue teapot' }]);
    const theirs = await other.client
      .from('storage_items')
      .select('item_id')
      .ilike('item_name', '%teapot%');
    expect(theirs.data).toEqual([]);
  });

  it("inserts rooms, isles and units with the spec's columns", async () => {
    const fresh = (await createDbUserPair({ prefix: 'insert' }))[0];
    const room = await fresh.client
      .from('storage_rooms')
      .insert({ room_name: 'Shed', room_index: 1, account_id: fresh.accountId, active: true })
      .select('room_id')
      .single();
    expect(room.error).toBeNull();
    const isle = await fresh.client
      .from('storage_isles')
      .insert({
        room_id: room.data!.room_id,
        isle_index: 1,
        active: true,
      })
      .select('isle_id')
      .single();
    expect(isle.error).toBeNull();
    const unit = await fresh.client
      .from('storage_units')
      .insert({
        unit_type: 'cabinet',
        unit_name: 'A',
        unit_index: 1,
        isle_id: isle.data!.isle_id,
        naming_convention: 'alphabetical',
        account_id: fresh.accountId,
      })
      .select('unit_id, unit_type')
      .single();
    expect(unit.data).toMatchObject({ unit_type: 'cabinet' });
    const bad = await fresh.client
      .from('storage_units')
      .insert({ unit_type: 'crate', unit_name: 'B', isle_id: isle.data!.isle_id });
    expect(bad.error?.code).toBe('23514');
    const moved = await fresh.client
      .from('storage_units')
      .update({ position3D: { x: 3, y: 0, z: 4 } })
      .eq('unit_id', unit.data!.unit_id)
      .select('position3D')
      .single();
    expect(moved.data).toEqual({ position3D: { x: 3, y: 0, z: 4 } });
  });

  it('reads and clears the log newest first; only the database writes it', async () => {
    const fresh = (await createDbUserPair({ prefix: 'logs' }))[0];
    const forged = await fresh.client.from('storage_logs').insert({
      account_id: fresh.accountId,
      action: 'update_item',
      details: 'forged',
      timestamp: '2026-01-01T00:00:00Z',
    });
    expect(forged.error?.code).toBe('42501');
    expect((await fresh.client.rpc('add_room', { p_room_name: 'First' })).error).toBeNull();
    const room = await fresh.client.from('storage_rooms').select('room_id').single();
    expect(
      (
        await fresh.client.rpc('update_room', {
          p_room_id: room.data!.room_id,
          p_room_name: 'Second',
        })
      ).error,
    ).toBeNull();
    const read = await fresh.client
      .from('storage_logs')
      .select('details, user_email, action')
      .order('timestamp', { ascending: false });
    expect(read.data).toEqual([
      { details: 'Renamed room First to Second', user_email: fresh.email, action: 'update_room' },
      { details: 'Added room First', user_email: fresh.email, action: 'add_room' },
    ]);
    const rewrite = await fresh.client
      .from('storage_logs')
      .update({ details: 'edited' })
      .eq('action', 'add_room');
    expect(rewrite.error).not.toBeNull();
    const clear = await fresh.client
      .from('storage_logs')
      .delete()
      .eq('account_id', fresh.accountId);
    expect(clear.error).toBeNull();
    expect((await fresh.client.from('storage_logs').select('log_id')).data).toEqual([]);
  });

  it('upserts preferences including floor_size and ebay_country', async () => {
    const { data, error } = await user.client
      .from('user_preferences')
      .upsert(
        { account_id: user.accountId, floor_size: 30, ebay_country: 'US', drag_confirm: false },
        { onConflict: 'account_id' },
      )
      .select('floor_size, ebay_country, drag_confirm, currency')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      floor_size: 30,
      ebay_country: 'US',
      drag_confirm: false,
      currency: 'USD',
    });
  });

  it('remembers dismissed notifications and forgets them with the item', async () => {
    const fresh = (await createDbUserPair({ prefix: 'dismiss' }))[0];
    const s = await createStorage(fresh.accountId, { items: 1 });
    const dismissed = await fresh.client
      .from('dismissed_notifications')
      .upsert(
        { notification_id: `expiry-${s.itemIds[0]}-30`, item_id: s.itemIds[0] },
        { onConflict: 'account_id,notification_id' },
      );
    expect(dismissed.error).toBeNull();
    const again = await fresh.client
      .from('dismissed_notifications')
      .upsert(
        { notification_id: `expiry-${s.itemIds[0]}-30`, item_id: s.itemIds[0] },
        { onConflict: 'account_id,notification_id' },
      );
    expect(again.error).toBeNull();
    expect(
      (await fresh.client.from('dismissed_notifications').select('notification_id')).data,
    ).toHaveLength(1);
    await fresh.client.from('storage_items').delete().eq('item_id', s.itemIds[0]!);
    expect(
      (await fresh.client.from('dismissed_notifications').select('notification_id')).data,
    ).toEqual([]);
  });
});
