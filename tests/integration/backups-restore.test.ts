import { afterAll, describe, expect, it } from 'vitest';
import {
  closeDb,
  createDbUser,
  createStorage,
  db,
  setPlan,
  type DbUser,
} from '../helpers/db-users.ts';

// Backups through the API the browser uses (create_backup, select on backups, restore_backup),
// against the real local stack. The scheduled daily backup, which touches every seller, is
// backups-daily.test.ts (run on its own).

const TABLES = [
  'storage_rooms',
  'storage_isles',
  'storage_units',
  'storage_shelves',
  'storage_items',
];

/** Every storage row of a user, as jsonb text per table, in a stable order. */
async function storageOf(accountId: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows } = await db().query<{ rows: unknown[] }>(
      `select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]'::jsonb) as rows
         from public.${table} t where t.account_id = $1`,
      [accountId],
    );
    out[table] = rows[0]!.rows;
  }
  return out;
}

/** The snapshot's rows in the same shape and order as storageOf. */
async function snapshotRows(backupId: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  const parts: Record<string, string> = {
    storage_rooms: 'rooms',
    storage_isles: 'isles',
    storage_units: 'units',
    storage_shelves: 'shelves',
    storage_items: 'items',
  };
  for (const table of TABLES) {
    const { rows } = await db().query<{ rows: unknown[] }>(
      `select coalesce(jsonb_agg(e order by e::text), '[]'::jsonb) as rows
         from public.backups b, jsonb_array_elements(b.snapshot -> $2) e where b.backup_id = $1`,
      [backupId, parts[table]],
    );
    out[table] = rows[0]!.rows;
  }
  return out;
}

async function takeBackup(user: DbUser): Promise<string> {
  const { data, error } = await user.client.rpc('create_backup');
  expect(error).toBeNull();
  return (data as { backup_id: string }).backup_id;
}

/** Changes of every kind: a rename, an edit, a new item, a removed unit with its contents. */
async function changeThings(user: DbUser, storage: Awaited<ReturnType<typeof createStorage>>) {
  const renamed = await user.client.rpc('update_room', {
    p_room_id: storage.roomId,
    p_room_name: 'Renamed after backup',
  });
  expect(renamed.error).toBeNull();
  const edited = await user.client
    .from('storage_items')
    .update({ quantity: 42, item_name: 'Edited' })
    .eq('item_id', storage.itemIds[0]!);
  expect(edited.error).toBeNull();
  const removed = await user.client.rpc('remove_unit', { p_unit_id: storage.unitIds[1]! });
  expect(removed.error).toBeNull();
  const added = await user.client
    .from('storage_items')
    .insert({ item_name: 'Added after backup', shelf_id: storage.shelfIds[1]!, quantity: 1 });
  expect(added.error).toBeNull();
}

afterAll(async () => {
  await closeDb();
});

describe('backups: take, list, download', () => {
  it('lists the seller’s own backups newest first, and downloads the snapshot as JSON', async () => {
    const seller = await createDbUser({ prefix: 'bk-list' });
    await createStorage(seller.accountId, { units: 1, shelves: 1, items: 2 });
    const first = await takeBackup(seller);
    const second = await takeBackup(seller);

    const list = await seller.client
      .from('backups')
      .select('backup_id, created_at, item_count')
      .order('created_at', { ascending: false });
    expect(list.error).toBeNull();
    expect(list.data!.map((b) => b.backup_id)).toEqual([second, first]);
    expect(list.data!.every((b) => b.item_count === 2)).toBe(true);

    const download = await seller.client
      .from('backups')
      .select('snapshot')
      .eq('backup_id', first)
      .single();
    expect(download.error).toBeNull();
    const snapshot = download.data!.snapshot as Record<string, unknown[]>;
    expect(snapshot).toMatchObject({ version: 1 });
    expect(snapshot.items).toHaveLength(2);
    expect(snapshot.rooms).toHaveLength(1);

    // another seller sees none of it
    const other = await createDbUser({ prefix: 'bk-other' });
    const theirs = await other.client.from('backups').select('backup_id').eq('backup_id', first);
    expect(theirs.data).toEqual([]);
  });
});

describe('backups: how many are kept', () => {
  it('keeps at most 20 per seller: the oldest go first', async () => {
    const seller = await createDbUser({ prefix: 'bk-cap' });
    await createStorage(seller.accountId, { items: 1 });
    await db().query(
      `insert into public.backups (account_id, snapshot, created_at)
       select $1, '{"version":1}', now() - g * interval '1 minute' from generate_series(1, 20) g`,
      [seller.accountId],
    );
    const newest = await takeBackup(seller);
    const { rows } = await db().query<{ backup_id: string; minutes: number }>(
      `select backup_id, round(extract(epoch from now() - created_at) / 60)::int as minutes
         from public.backups where account_id = $1 order by created_at desc`,
      [seller.accountId],
    );
    expect(rows).toHaveLength(20);
    expect(rows[0]!.backup_id).toBe(newest);
    expect(rows.at(-1)!.minutes).toBe(19);
  });
});

describe('backups: restore', () => {
  it('gives back exactly the snapshot’s rows after things changed, and logs it', async () => {
    const seller = await createDbUser({ prefix: 'bk-restore', plan: 'power' });
    const storage = await createStorage(seller.accountId, {
      roomName: 'Stock room',
      units: 3,
      shelves: 2,
      items: 4,
    });
    // an item with everything filled in, to show no field is lost
    await db().query(
      `update public.storage_items set sku = 'SKU-1', price_paid = 12.5, expiry_date = '2030-01-31', barcode = '5012345678900'
        where item_id = $1`,
      [storage.itemIds[1]],
    );
    const before = await storageOf(seller.accountId);
    const backupId = await takeBackup(seller);
    expect(await snapshotRows(backupId)).toEqual(before);

    await changeThings(seller, storage);
    expect(await storageOf(seller.accountId)).not.toEqual(before);

    const restored = await seller.client.rpc('restore_backup', { p_backup_id: backupId });
    expect(restored.error).toBeNull();
    expect(restored.data).toEqual({
      rooms: 1,
      isles: 1,
      units: 3,
      shelves: 2,
      items: 4,
      photos: 0,
      photos_skipped: 0,
    });
    expect(await storageOf(seller.accountId)).toEqual(before);

    const { rows } = await db().query<{ details: string }>(
      `select details from public.storage_logs where account_id = $1 and action = 'restore_backup'`,
      [seller.accountId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatch(
      /^Restored the backup of .*: 1 room\(s\), 3 unit\(s\), 4 item\(s\)$/,
    );
  });

  it('keeps dismissed expiry notifications of the items that come back', async () => {
    const seller = await createDbUser({ prefix: 'bk-dismiss', plan: 'power' });
    const storage = await createStorage(seller.accountId, { items: 2 });
    const backupId = await takeBackup(seller);
    const dismissed = await seller.client
      .from('dismissed_notifications')
      .insert({ notification_id: 'expiry:x:2030-01-01:30d', item_id: storage.itemIds[0]! });
    expect(dismissed.error).toBeNull();

    expect((await seller.client.rpc('restore_backup', { p_backup_id: backupId })).error).toBeNull();
    const after = await seller.client.from('dismissed_notifications').select('notification_id');
    expect(after.data).toEqual([{ notification_id: 'expiry:x:2030-01-01:30d' }]);
  });

  it('is refused by the server on the free plan, and changes nothing', async () => {
    const seller = await createDbUser({ prefix: 'bk-free' });
    const storage = await createStorage(seller.accountId, { units: 2, items: 2 });
    const backupId = await takeBackup(seller);
    await changeThings(seller, storage);
    const before = await storageOf(seller.accountId);

    const refused = await seller.client.rpc('restore_backup', { p_backup_id: backupId });
    expect(refused.error?.message).toBe(
      'PLAN_FEATURE_UNAVAILABLE: Restoring a backup requires the Power Seller plan or higher',
    );
    expect(refused.status).toBe(403);
    expect(await storageOf(seller.accountId)).toEqual(before);
  });

  it('changes nothing when it fails midway (a damaged item row, after rooms went in)', async () => {
    const seller = await createDbUser({ prefix: 'bk-corrupt', plan: 'power' });
    const storage = await createStorage(seller.accountId, { units: 2, shelves: 2, items: 3 });
    const backupId = await takeBackup(seller);
    await changeThings(seller, storage);
    const before = await storageOf(seller.accountId);
    const logsBefore = await db().query(
      `select count(*)::int as n from public.storage_logs where account_id = $1`,
      [seller.accountId],
    );

    // The last item of the snapshot loses its name: rooms, isles, units, shelves and two items
    // insert fine, then the third item breaks the not-null constraint.
    await db().query(
      `update public.backups
          set snapshot = jsonb_set(snapshot, array['items', (jsonb_array_length(snapshot -> 'items') - 1)::text, 'item_name'], 'null')
        where backup_id = $1`,
      [backupId],
    );

    const failed = await seller.client.rpc('restore_backup', { p_backup_id: backupId });
    expect(failed.error?.message).toMatch(
      /^This backup could not be restored, nothing was changed: /,
    );
    expect(await storageOf(seller.accountId)).toEqual(before);
    const logsAfter = await db().query(
      `select count(*)::int as n from public.storage_logs where account_id = $1`,
      [seller.accountId],
    );
    expect(logsAfter.rows[0]).toEqual(logsBefore.rows[0]);
  });

  it('restores a snapshot from an older or newer schema: missing columns take their defaults, unknown ones are ignored', async () => {
    const seller = await createDbUser({ prefix: 'bk-schema', plan: 'power' });
    const storage = await createStorage(seller.accountId, { items: 2 });
    await db().query('update public.storage_items set active = false where account_id = $1', [
      seller.accountId,
    ]);
    const backupId = await takeBackup(seller);
    // as if 'active' had been added to items after the backup, and rooms had lost a column
    await db().query(
      `update public.backups
          set snapshot = jsonb_set(
                jsonb_set(snapshot, '{items}',
                  (select jsonb_agg(e - 'active') from jsonb_array_elements(snapshot -> 'items') e)),
                '{rooms,0,dropped_since}', '"gone"')
        where backup_id = $1`,
      [backupId],
    );
    const restored = await seller.client.rpc('restore_backup', { p_backup_id: backupId });
    expect(restored.error).toBeNull();
    const { rows } = await db().query<{ item_id: string; active: boolean }>(
      'select item_id, active from public.storage_items where account_id = $1 order by created_at',
      [seller.accountId],
    );
    expect(rows).toEqual(storage.itemIds.map((item_id) => ({ item_id, active: true })));
  });

  it('refuses a snapshot of an unknown shape before touching anything', async () => {
    const seller = await createDbUser({ prefix: 'bk-shape', plan: 'elite' });
    await createStorage(seller.accountId, { items: 1 });
    const before = await storageOf(seller.accountId);
    const { rows } = await db().query<{ backup_id: string }>(
      `insert into public.backups (account_id, snapshot) values ($1, '{"version":1,"items":{"not":"a list"}}') returning backup_id`,
      [seller.accountId],
    );
    const failed = await seller.client.rpc('restore_backup', { p_backup_id: rows[0]!.backup_id });
    expect(failed.error?.message).toBe(
      'This backup is damaged and cannot be restored (items is not a list)',
    );
    expect(await storageOf(seller.accountId)).toEqual(before);
  });

  it('keeps the plan limits: a snapshot bigger than the plan now allows is refused whole', async () => {
    const seller = await createDbUser({ prefix: 'bk-limit', plan: 'elite' });
    for (let room = 1; room <= 6; room += 1)
      await createStorage(seller.accountId, { roomName: `Room ${room}` });
    const backupId = await takeBackup(seller);
    // Power Seller may restore but holds 5 rooms; the snapshot has 6.
    await setPlan(seller.accountId, 'power');
    const before = await storageOf(seller.accountId);
    const failed = await seller.client.rpc('restore_backup', { p_backup_id: backupId });
    expect(failed.error?.message).toBe(
      'PLAN_LIMIT_REACHED: Your power plan is limited to 5 rooms. Please upgrade to add more',
    );
    expect(await storageOf(seller.accountId)).toEqual(before);
  });
});
