import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb,
  createDbUser,
  createStorage,
  db,
  serviceDbClient,
  type DbUser,
} from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';

// Where a removed item's photos go (issue 40, docs/product.md#photos): the scheduled
// photo-cleanup function, undo, restore-one and whole restores, against the real local stack.
// The cleanup acts on every account, so this file runs alone (vitest.config.ts).

afterAll(closeDb);

const BUCKET = 'item-photos';

interface Added {
  photoId: string;
  object: string;
  thumb: string;
}

/** Uploads both files as `user` and lists the photo, as src/data/photos does. */
async function addPhoto(user: DbUser, itemId: string, size = 2000): Promise<Added> {
  const photoId = randomUUID();
  const folder = `${user.accountId}/${itemId}/${photoId}`;
  const added = { photoId, object: `${folder}.jpg`, thumb: `${folder}-thumb.webp` };
  const bucket = user.client.storage.from(BUCKET);
  expect(
    (await bucket.upload(added.object, new Uint8Array(size), { contentType: 'image/jpeg' })).error,
  ).toBeNull();
  expect(
    (await bucket.upload(added.thumb, new Uint8Array(300), { contentType: 'image/webp' })).error,
  ).toBeNull();
  const row = await user.client.from('item_photos').insert({
    photo_id: photoId,
    account_id: user.accountId,
    item_id: itemId,
    object_name: added.object,
    thumb_name: added.thumb,
    width: 1600,
    height: 1200,
  });
  expect(row.error).toBeNull();
  return added;
}

/** Runs the cleanup as Netlify's scheduler does (the app server's local stand-in). */
async function cleanup(): Promise<{ photos: number; files: number }> {
  const res = await fetch(`${stack().appUrl}/_scheduler/photo-cleanup`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as { photos: number; files: number };
}

/** Whether Storage still holds the file (read as the service role, whatever the item). */
async function stored(name: string): Promise<boolean> {
  const { data, error } = await serviceDbClient().storage.from(BUCKET).download(name);
  if (error) {
    expect(error).toMatchObject({ status: 400, statusCode: '404' });
    return false;
  }
  return data !== null;
}

async function rowCount(photoIds: string[]): Promise<number> {
  const { rows } = await db().query<{ n: number }>(
    'select count(*)::int as n from public.item_photos where photo_id = any($1::uuid[])',
    [photoIds],
  );
  return rows[0]!.n;
}

/** The account's newest change, e.g. its item removal. */
async function newestChange(user: DbUser): Promise<string> {
  const { data, error } = await user.client
    .from('undo_changes')
    .select('change_id')
    .order('created_at', { ascending: false })
    .limit(1)
    .single();
  expect(error).toBeNull();
  return data!.change_id as string;
}

/**
 * Past the undo window: the change leaves the account's kept changes, as begin_undo's sweep
 * drops it once private.undo_keeps() (50) newer changes are made.
 */
async function sweepChange(changeId: string): Promise<void> {
  await db().query('delete from public.undo_changes where change_id = $1', [changeId]);
}

describe('photo cleanup after the undo window', () => {
  let seller: DbUser;
  let other: DbUser;
  let itemIds: string[];
  let otherItems: string[];

  beforeAll(async () => {
    [seller, other] = await Promise.all([
      createDbUser({ prefix: 'photo-life', plan: 'power' }),
      createDbUser({ prefix: 'photo-life-other', plan: 'power' }),
    ]);
    ({ itemIds } = await createStorage(seller.accountId, { items: 4 }));
    ({ itemIds: otherItems } = await createStorage(other.accountId, { items: 2 }));
  });

  it('is not callable by a seller through the API', async () => {
    expect(
      (await seller.client.rpc('forget_removed_photos', { p_limit: 10 })).error,
    ).not.toBeNull();
    expect((await seller.client.rpc('orphan_photo_files', { p_limit: 10 })).error).not.toBeNull();
  });

  it('keeps a removed item’s photos inside its undo window, then removes rows and files once', async () => {
    const photos = [await addPhoto(seller, itemIds[0]!), await addPhoto(seller, itemIds[0]!)];
    const ids = photos.map((p) => p.photoId);
    const files = photos.flatMap((p) => [p.object, p.thumb]);
    // another account: one photo on an item it keeps, one on an item it removed (undoable)
    const kept = await addPhoto(other, otherItems[0]!);
    const undoable = await addPhoto(other, otherItems[1]!);
    expect(
      (await other.client.rpc('remove_items', { p_item_ids: [otherItems[1]!] })).error,
    ).toBeNull();

    expect(
      (await seller.client.rpc('remove_items', { p_item_ids: [itemIds[0]!] })).error,
    ).toBeNull();
    await cleanup();
    expect(await rowCount(ids)).toBe(2);
    for (const name of files) expect(await stored(name)).toBe(true);

    await sweepChange(await newestChange(seller));
    const first = await cleanup();
    expect(first.photos).toBeGreaterThanOrEqual(2);
    expect(first.files).toBeGreaterThanOrEqual(4);
    expect(await rowCount(ids)).toBe(0);
    for (const name of files) expect(await stored(name)).toBe(false);

    expect(await cleanup()).toMatchObject({ photos: 0, files: 0 });

    expect(await rowCount([kept.photoId, undoable.photoId])).toBe(2);
    for (const name of [kept.object, kept.thumb, undoable.object, undoable.thumb])
      expect(await stored(name)).toBe(true);
  });

  it('removes a file no photo lists once it is a day old, not before', async () => {
    const bucket = seller.client.storage.from(BUCKET);
    const stale = `${seller.accountId}/${itemIds[1]!}/${randomUUID()}.jpg`;
    const fresh = `${seller.accountId}/${itemIds[1]!}/${randomUUID()}-thumb.webp`;
    expect(
      (await bucket.upload(stale, new Uint8Array(10), { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    expect(
      (await bucket.upload(fresh, new Uint8Array(10), { contentType: 'image/webp' })).error,
    ).toBeNull();
    // an upload whose add never came, two days ago
    await db().query(
      `update storage.objects set created_at = now() - interval '2 days' where bucket_id = $1 and name = $2`,
      [BUCKET, stale],
    );
    const run = await cleanup();
    expect(run.files).toBeGreaterThanOrEqual(1);
    expect(await stored(stale)).toBe(false);
    expect(await stored(fresh)).toBe(true);
    expect(await cleanup()).toMatchObject({ photos: 0, files: 0 });
  });

  it('undo of a unit’s removal brings its items back with their photos', async () => {
    const { unitIds, itemIds: inUnit } = await createStorage(seller.accountId, {
      roomName: 'Shed',
      items: 1,
    });
    const photo = await addPhoto(seller, inUnit[0]!);
    expect((await seller.client.rpc('remove_unit', { p_unit_id: unitIds[0]! })).error).toBeNull();
    await cleanup();
    const undone = await seller.client.rpc('undo_change', {
      p_change_id: await newestChange(seller),
    });
    expect(undone.error).toBeNull();
    const listed = await seller.client
      .from('item_photos')
      .select('photo_id')
      .eq('item_id', inUnit[0]!);
    expect(listed.data).toEqual([{ photo_id: photo.photoId }]);
    // the seller reads it again (its item is back)
    expect((await seller.client.storage.from(BUCKET).download(photo.thumb)).error).toBeNull();
  });

  it('a kept backup keeps the files; restore-one and restore list the photos again, counting those removed since', async () => {
    const itemId = itemIds[2]!;
    const first = await addPhoto(seller, itemId, 1000);
    const second = await addPhoto(seller, itemId, 500);
    const backup = await seller.client.rpc('create_backup');
    expect(backup.error).toBeNull();
    const backupId = (backup.data as { backup_id: string }).backup_id;
    const { rows } = await db().query<{ photos: unknown[] }>(
      `select snapshot -> 'photos' as photos from public.backups where backup_id = $1`,
      [backupId],
    );
    expect(rows[0]!.photos.filter((p) => (p as { item_id: string }).item_id === itemId)).toEqual([
      expect.objectContaining({
        photo_id: first.photoId,
        position: 0,
        object_name: first.object,
        thumb_name: first.thumb,
        bytes: 1300,
      }),
      expect.objectContaining({ photo_id: second.photoId, position: 1, bytes: 800 }),
    ]);

    // the owner removes the second photo (its row, then its files), then the item
    expect(
      (await seller.client.from('item_photos').delete().eq('photo_id', second.photoId)).error,
    ).toBeNull();
    await seller.client.storage.from(BUCKET).remove([second.object, second.thumb]);
    expect((await seller.client.rpc('remove_items', { p_item_ids: [itemId] })).error).toBeNull();
    await sweepChange(await newestChange(seller));
    await cleanup();
    // the row is forgotten; the files stay while the backup names them
    expect(await rowCount([first.photoId])).toBe(0);
    expect(await stored(first.object)).toBe(true);
    expect(await stored(first.thumb)).toBe(true);

    const one = await seller.client.rpc('restore_from_backup', {
      p_backup_id: backupId,
      p_kind: 'item',
      p_id: itemId,
    });
    expect(one.error).toBeNull();
    expect(one.data).toMatchObject({ kind: 'item', items: 1, photos: 1, photos_skipped: 1 });
    const listed = await seller.client
      .from('item_photos')
      .select('photo_id, position, bytes')
      .eq('item_id', itemId);
    expect(listed.data).toEqual([{ photo_id: first.photoId, position: 0, bytes: 1300 }]);
    expect((await seller.client.storage.from(BUCKET).download(first.thumb)).error).toBeNull();

    // removed again and forgotten again; the whole backup lists it once more
    expect((await seller.client.rpc('remove_items', { p_item_ids: [itemId] })).error).toBeNull();
    await sweepChange(await newestChange(seller));
    await cleanup();
    expect(await rowCount([first.photoId])).toBe(0);
    const whole = await seller.client.rpc('restore_backup', { p_backup_id: backupId });
    expect(whole.error).toBeNull();
    expect(whole.data).toMatchObject({ photos: 1, photos_skipped: 1 });
    expect(await rowCount([first.photoId])).toBe(1);

    // once no kept backup names them, the files of a forgotten photo go
    expect((await seller.client.rpc('remove_items', { p_item_ids: [itemId] })).error).toBeNull();
    await sweepChange(await newestChange(seller));
    await cleanup();
    expect(await stored(first.object)).toBe(true);
    await db().query('delete from public.backups where account_id = $1', [seller.accountId]);
    await db().query(
      `update storage.objects set created_at = now() - interval '2 days' where bucket_id = $1 and name = any($2)`,
      [BUCKET, [first.object, first.thumb]],
    );
    await cleanup();
    expect(await stored(first.object)).toBe(false);
    expect(await stored(first.thumb)).toBe(false);
  });

  it('restore-one inside the undo window brings the item back with its photos as they are', async () => {
    const itemId = itemIds[3]!;
    const photo = await addPhoto(seller, itemId);
    const backup = await seller.client.rpc('create_backup');
    expect(backup.error).toBeNull();
    expect((await seller.client.rpc('remove_items', { p_item_ids: [itemId] })).error).toBeNull();
    await cleanup();
    const one = await seller.client.rpc('restore_from_backup', {
      p_backup_id: (backup.data as { backup_id: string }).backup_id,
      p_kind: 'item',
      p_id: itemId,
    });
    expect(one.error).toBeNull();
    // the row never went: nothing to list again, nothing skipped
    expect(one.data).toMatchObject({ photos: 0, photos_skipped: 0 });
    const listed = await seller.client.from('item_photos').select('photo_id').eq('item_id', itemId);
    expect(listed.data).toEqual([{ photo_id: photo.photoId }]);
    expect((await seller.client.storage.from(BUCKET).download(photo.object)).error).toBeNull();
  });
});
