import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, createDbUser, createStorage, db, type DbUser } from '../helpers/db-users.ts';

// Restoring one deleted item, shelf or unit from a backup (restore_from_backup) and the list of
// what a backup holds that is gone (backup_deleted_things), through the API the browser uses,
// against the real local stack.

afterAll(async () => {
  await closeDb();
});

async function takeBackup(user: DbUser): Promise<string> {
  const { data, error } = await user.client.rpc('create_backup');
  expect(error).toBeNull();
  return (data as { backup_id: string }).backup_id;
}

async function deletedThings(user: DbUser, backupId: string) {
  const { data, error } = await user.client.rpc('backup_deleted_things', { p_backup_id: backupId });
  expect(error).toBeNull();
  return data as { kind: string; id: string; name: string; place: string; place_exists: boolean; item_count: number }[];
}

/** Shelves of a unit as [shelf_id, shelf_index], in order. */
async function shelvesOf(unitId: string): Promise<[string, number][]> {
  const { rows } = await db().query<{ shelf_id: string; shelf_index: number }>(
    'select shelf_id, shelf_index from public.storage_shelves where unit_id = $1 order by shelf_index',
    [unitId],
  );
  return rows.map((r) => [r.shelf_id, r.shelf_index]);
}

async function countRows(accountId: string): Promise<Record<string, number>> {
  const { rows } = await db().query<Record<string, number>>(
    `select (select count(*)::int from public.storage_isles where account_id = $1) as isles,
            (select count(*)::int from public.storage_units where account_id = $1) as units,
            (select count(*)::int from public.storage_shelves where account_id = $1) as shelves,
            (select count(*)::int from public.storage_items where account_id = $1) as items`,
    [accountId],
  );
  return rows[0]!;
}

describe('restore one thing: an item', () => {
  it('brings a deleted item back on its shelf with its id and fields, and logs it', async () => {
    const seller = await createDbUser({ prefix: 'r1-item', plan: 'power' });
    const storage = await createStorage(seller.accountId, { roomName: 'Garage', shelves: 2, items: 3 });
    const itemId = storage.itemIds[1]!;
    await db().query(`update public.storage_items set item_name = 'Blue mug', sku = 'MUG-1', price_paid = 4.5 where item_id = $1`, [itemId]);
    const backupId = await takeBackup(seller);
    const { rows: before } = await db().query('select * from public.storage_items where item_id = $1', [itemId]);

    expect((await seller.client.rpc('remove_items', { p_item_ids: [itemId] })).error).toBeNull();
    const listed = await deletedThings(seller, backupId);
    expect(listed).toEqual([
      { kind: 'item', id: itemId, name: 'Blue mug', place: 'Garage › Isle 1 › Unit A › Shelf 1', place_exists: true, item_count: 1 },
    ]);

    const restored = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'item', p_id: itemId });
    expect(restored.error).toBeNull();
    expect(restored.data).toEqual({ kind: 'item', name: '"Blue mug"', place: 'Garage › Isle 1 › Unit A › Shelf 1', items: 1, photos: 0, photos_skipped: 0 });
    const { rows: after } = await db().query('select * from public.storage_items where item_id = $1', [itemId]);
    expect({ ...after[0], updated_at: null }).toEqual({ ...before[0], updated_at: null });
    expect(await deletedThings(seller, backupId)).toEqual([]);

    const { rows: logs } = await db().query<{ details: string }>(
      `select details from public.storage_logs where account_id = $1 and action = 'restore_one'`,
      [seller.accountId],
    );
    expect(logs.map((l) => l.details)).toEqual([
      expect.stringMatching(/^Restored item "Blue mug" to Garage › Isle 1 › Unit A › Shelf 1 from the backup of \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
    ]);
  });

  it('refuses an item that is not deleted, saying where it is now, and one not in the backup', async () => {
    const seller = await createDbUser({ prefix: 'r1-live', plan: 'power' });
    const storage = await createStorage(seller.accountId, { roomName: 'Garage', shelves: 2, items: 1 });
    await db().query(`update public.storage_items set item_name = 'Blue mug' where item_id = $1`, [storage.itemIds[0]]);
    const backupId = await takeBackup(seller);
    // moved since the backup: still in the stockroom
    expect((await seller.client.rpc('move_items', { p_item_ids: storage.itemIds, p_shelf_id: storage.shelfIds[1] })).error).toBeNull();

    const live = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'item', p_id: storage.itemIds[0] });
    expect(live.error?.code).toBe('22023');
    expect(live.error?.message).toBe('"Blue mug" is not deleted: it is on Garage › Isle 1 › Unit A › Shelf 2');

    const missing = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'item', p_id: crypto.randomUUID() });
    expect(missing.error?.code).toBe('22023');
    expect(missing.error?.message).toBe('That item is not in this backup');

    const badKind = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'room', p_id: storage.roomId });
    expect(badKind.error?.code).toBe('22023');
  });

  it('needs a chosen shelf when the item’s shelf is gone, and puts it there', async () => {
    const seller = await createDbUser({ prefix: 'r1-gone', plan: 'power' });
    const storage = await createStorage(seller.accountId, { roomName: 'Garage', units: 2, shelves: 2, items: 1 });
    const backupId = await takeBackup(seller);
    expect((await seller.client.rpc('remove_shelf', { p_shelf_id: storage.shelfIds[0] })).error).toBeNull();
    // the shelf is listed (its unit is still there), not its item on its own
    const listed = await deletedThings(seller, backupId);
    expect(listed.map((t) => [t.kind, t.name, t.item_count])).toEqual([['shelf', 'Shelf 1', 1]]);

    const noPlace = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'item', p_id: storage.itemIds[0] });
    expect(noPlace.error?.code).toBe('22023');
    expect(noPlace.error?.message).toMatch(/shelf \(Garage › Isle 1 › Unit A › Shelf 1\) is gone: choose a shelf/);

    const { rows } = await db().query<{ shelf_id: string }>(
      `insert into public.storage_shelves (account_id, unit_id, shelf_index) values ($1, $2, 1) returning shelf_id`,
      [seller.accountId, storage.unitIds[1]],
    );
    const chosen = rows[0]!.shelf_id;
    const restored = await seller.client.rpc('restore_from_backup', {
      p_backup_id: backupId, p_kind: 'item', p_id: storage.itemIds[0], p_shelf_id: chosen,
    });
    expect(restored.error).toBeNull();
    expect((restored.data as { place: string }).place).toBe('Garage › Isle 1 › Unit B › Shelf 1');
    const { rows: item } = await db().query('select shelf_id, unit_id from public.storage_items where item_id = $1', [storage.itemIds[0]]);
    expect(item[0]).toEqual({ shelf_id: chosen, unit_id: storage.unitIds[1] });
  });
});

describe('restore one thing: a shelf', () => {
  it('puts a shelf back at its number with its items, the later shelves moving up', async () => {
    const seller = await createDbUser({ prefix: 'r1-shelf', plan: 'power' });
    const storage = await createStorage(seller.accountId, { shelves: 3, items: 0 });
    const { rows: onShelf2 } = await db().query<{ item_id: string }>(
      `insert into public.storage_items (account_id, item_name, shelf_id) select $1, 'On two ' || g, $2 from generate_series(1, 2) g returning item_id`,
      [seller.accountId, storage.shelfIds[1]],
    );
    const backupId = await takeBackup(seller);
    expect((await seller.client.rpc('remove_shelf', { p_shelf_id: storage.shelfIds[1] })).error).toBeNull();
    expect(await shelvesOf(storage.unitIds[0]!)).toEqual([[storage.shelfIds[0], 1], [storage.shelfIds[2], 2]]);

    const restored = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'shelf', p_id: storage.shelfIds[1] });
    expect(restored.error).toBeNull();
    expect(restored.data).toEqual({ kind: 'shelf', name: 'Shelf 2', place: 'Garage › Isle 1 › Unit A › Shelf 2', items: 2, photos: 0, photos_skipped: 0 });
    expect(await shelvesOf(storage.unitIds[0]!)).toEqual([
      [storage.shelfIds[0], 1], [storage.shelfIds[1], 2], [storage.shelfIds[2], 3],
    ]);
    const { rows } = await db().query<{ n: number }>(
      'select count(*)::int as n from public.storage_items where shelf_id = $1 and item_id = any($2::uuid[])',
      [storage.shelfIds[1], onShelf2.map((r) => r.item_id)],
    );
    expect(rows[0]!.n).toBe(2);
  });
});

describe('restore one thing: a unit', () => {
  it('brings back a unit with its shelves and items, and its isle when that went with it', async () => {
    const seller = await createDbUser({ prefix: 'r1-unit', plan: 'power' });
    const storage = await createStorage(seller.accountId, { roomName: 'Garage', units: 1, shelves: 2, items: 3 });
    const backupId = await takeBackup(seller);
    const before = await countRows(seller.accountId);
    // its isle's last unit: the isle goes too
    const removed = await seller.client.rpc('remove_unit', { p_unit_id: storage.unitIds[0] });
    expect((removed.data as { isle_removed: boolean }).isle_removed).toBe(true);

    const listed = await deletedThings(seller, backupId);
    expect(listed).toEqual([
      { kind: 'unit', id: storage.unitIds[0], name: 'Unit A', place: 'Garage › Isle 1', place_exists: true, item_count: 3 },
    ]);
    const restored = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'unit', p_id: storage.unitIds[0] });
    expect(restored.error).toBeNull();
    expect(restored.data).toEqual({ kind: 'unit', name: 'Unit A', place: 'Garage › Isle 1 › Unit A', items: 3, photos: 0, photos_skipped: 0 });
    expect(await countRows(seller.accountId)).toEqual(before);
    const { rows } = await db().query<{ isle_id: string }>('select isle_id from public.storage_units where unit_id = $1', [storage.unitIds[0]]);
    expect(rows[0]!.isle_id).toBe(storage.isleId);
  });

  it('refuses when an item of the unit was moved out since, saying where it is, and changes nothing', async () => {
    const seller = await createDbUser({ prefix: 'r1-moved', plan: 'power' });
    const storage = await createStorage(seller.accountId, { roomName: 'Garage', units: 2, shelves: 1, items: 2 });
    await db().query(`update public.storage_items set item_name = 'Blue mug' where item_id = $1`, [storage.itemIds[1]]);
    const { rows: shelfB } = await db().query<{ shelf_id: string }>(
      `insert into public.storage_shelves (account_id, unit_id, shelf_index) values ($1, $2, 1) returning shelf_id`,
      [seller.accountId, storage.unitIds[1]],
    );
    const backupId = await takeBackup(seller);
    expect((await seller.client.rpc('move_items', { p_item_ids: [storage.itemIds[1]], p_shelf_id: shelfB[0]!.shelf_id })).error).toBeNull();
    expect((await seller.client.rpc('remove_unit', { p_unit_id: storage.unitIds[0] })).error).toBeNull();
    const before = await countRows(seller.accountId);

    const refused = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'unit', p_id: storage.unitIds[0] });
    expect(refused.error?.code).toBe('22023');
    expect(refused.error?.message).toBe(
      'Unit A cannot come back as it was: "Blue mug" from it is now on Garage › Isle 1 › Unit B › Shelf 1, moved since the backup',
    );
    expect(await countRows(seller.accountId)).toEqual(before);
  });

  it('is all or nothing at the plan’s item limit: neither the unit nor its items come back', async () => {
    const seller = await createDbUser({ prefix: 'r1-limit', plan: 'power' });
    const storage = await createStorage(seller.accountId, { units: 2, shelves: 1, items: 3 });
    const backupId = await takeBackup(seller);
    expect((await seller.client.rpc('remove_unit', { p_unit_id: storage.unitIds[0] })).error).toBeNull();
    // 999 of the Power plan's 1000 items now, on unit B
    await db().query(
      `insert into public.storage_items (account_id, item_name, unit_id) select $1, 'Filler ' || g, $2 from generate_series(1, 999) g`,
      [seller.accountId, storage.unitIds[1]],
    );
    const before = await countRows(seller.accountId);

    const refused = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'unit', p_id: storage.unitIds[0] });
    expect(refused.error?.message).toMatch(/^PLAN_LIMIT_REACHED: Your power plan only allows 1000 items/);
    expect(await countRows(seller.accountId)).toEqual(before);
  });

  it('puts a unit whose room is gone into the isle of a chosen shelf; needs the Power plan', async () => {
    const seller = await createDbUser({ prefix: 'r1-room', plan: 'power' });
    const storage = await createStorage(seller.accountId, { roomName: 'Old room', units: 1, shelves: 1, items: 1 });
    const other = await createStorage(seller.accountId, { roomName: 'New room', units: 1, shelves: 1 });
    const backupId = await takeBackup(seller);
    expect((await seller.client.rpc('remove_room', { p_room_id: storage.roomId })).error).toBeNull();

    const listed = await deletedThings(seller, backupId);
    expect(listed.map((t) => [t.kind, t.name, t.place, t.place_exists])).toEqual([['unit', 'Unit A', 'Old room › Isle 1', false]]);
    const noPlace = await seller.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'unit', p_id: storage.unitIds[0] });
    expect(noPlace.error?.message).toMatch(/room \(Old room › Isle 1\) is gone: choose a shelf/);

    // New room's isle already has a unit A: the name clash is said in words
    const clash = await seller.client.rpc('restore_from_backup', {
      p_backup_id: backupId, p_kind: 'unit', p_id: storage.unitIds[0], p_shelf_id: other.shelfIds[0],
    });
    expect(clash.error?.message).toMatch(/^Its isle \(New room › Isle 1\) now has another unit named A/);
    expect((await seller.client.rpc('rename_unit', { p_unit_id: other.unitIds[0], p_unit_name: 'Z' })).error).toBeNull();

    await db().query(`update public.subscriptions set plan_id = 'growing' where account_id = $1`, [seller.accountId]);
    const free = await seller.client.rpc('restore_from_backup', {
      p_backup_id: backupId, p_kind: 'unit', p_id: storage.unitIds[0], p_shelf_id: other.shelfIds[0],
    });
    expect(free.error?.message).toMatch(/^PLAN_FEATURE_UNAVAILABLE/);
    await db().query(`update public.subscriptions set plan_id = 'power' where account_id = $1`, [seller.accountId]);

    const restored = await seller.client.rpc('restore_from_backup', {
      p_backup_id: backupId, p_kind: 'unit', p_id: storage.unitIds[0], p_shelf_id: other.shelfIds[0],
    });
    expect(restored.error).toBeNull();
    expect(restored.data).toEqual({ kind: 'unit', name: 'Unit A', place: 'New room › Isle 1 › Unit A', items: 1, photos: 0, photos_skipped: 0 });
  });

  it('another seller cannot read or restore from a backup that is not theirs', async () => {
    const seller = await createDbUser({ prefix: 'r1-own', plan: 'power' });
    const storage = await createStorage(seller.accountId, { items: 1 });
    const backupId = await takeBackup(seller);
    const stranger = await createDbUser({ prefix: 'r1-stranger', plan: 'power' });
    const list = await stranger.client.rpc('backup_deleted_things', { p_backup_id: backupId });
    expect(list.error?.code).toBe('PT404');
    const restore = await stranger.client.rpc('restore_from_backup', { p_backup_id: backupId, p_kind: 'item', p_id: storage.itemIds[0] });
    expect(restore.error?.code).toBe('PT404');
  });
});
