import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb,
  createDbUser,
  createStorage,
  db,
  setPlan,
  type DbUser,
} from '../helpers/db-users.ts';

// Photos of items (issue 40) as the database and Storage hold them: the item-photos bucket's
// policies, public.item_photos' six places and the plan's photo storage, through supabase-js
// against the real local stack.

afterAll(closeDb);

const BUCKET = 'item-photos';

/** The owner invites `member` with `role`; the member accepts with their own token. */
async function join(owner: DbUser, member: DbUser, role: 'manager' | 'picker'): Promise<void> {
  const invited = await owner.client.rpc('invite_member', { p_email: member.email, p_role: role });
  expect(invited.error).toBeNull();
  const accepted = await member.client.rpc('accept_invitation', {
    p_invitation_id: (invited.data as { id: string }).id,
  });
  expect(accepted.error).toBeNull();
}

function names(accountId: string, itemId: string, photoId = randomUUID()) {
  const folder = `${accountId}/${itemId}/${photoId}`;
  return { photoId, object: `${folder}.jpg`, thumb: `${folder}-thumb.webp` };
}

/** Uploads both files as `user` and lists the photo: what src/data/photos does. */
async function addPhoto(user: DbUser, accountId: string, itemId: string, size = 2000) {
  const n = names(accountId, itemId);
  const bucket = user.client.storage.from(BUCKET);
  const photo = await bucket.upload(n.object, new Uint8Array(size), { contentType: 'image/jpeg' });
  const thumb = await bucket.upload(n.thumb, new Uint8Array(300), { contentType: 'image/webp' });
  const row = await user.client
    .from('item_photos')
    .insert({
      photo_id: n.photoId,
      account_id: accountId,
      item_id: itemId,
      object_name: n.object,
      thumb_name: n.thumb,
      width: 1600,
      height: 1200,
    })
    .select()
    .single();
  return { names: n, photo, thumb, row };
}

describe('item photos', () => {
  let owner: DbUser;
  let picker: DbUser;
  let other: DbUser;
  let itemIds: string[];

  beforeAll(async () => {
    [owner, picker, other] = await Promise.all([
      createDbUser({ prefix: 'photos-owner', plan: 'power' }),
      createDbUser({ prefix: 'photos-picker' }),
      createDbUser({ prefix: 'photos-other' }),
    ]);
    await join(owner, picker, 'picker');
    ({ itemIds } = await createStorage(owner.accountId, { items: 3 }));
  });

  it('a picker adds a photo; its size is what Storage holds, in the first place', async () => {
    const added = await addPhoto(picker, owner.accountId, itemIds[0]!);
    expect(added.photo.error).toBeNull();
    expect(added.thumb.error).toBeNull();
    expect(added.row.error).toBeNull();
    expect(added.row.data).toMatchObject({ position: 0, bytes: 2300, created_by: picker.id });
    const download = await owner.client.storage.from(BUCKET).download(added.names.object);
    expect(download.error).toBeNull();
    expect(download.data?.size).toBe(2000);
  });

  it('another account reads none of them, lists none and cannot upload into the folder', async () => {
    const added = await addPhoto(owner, owner.accountId, itemIds[0]!);
    expect(added.row.error).toBeNull();
    const download = await other.client.storage.from(BUCKET).download(added.names.object);
    expect(download.data).toBeNull();
    expect(download.error).not.toBeNull();
    const signed = await other.client.storage.from(BUCKET).createSignedUrl(added.names.thumb, 60);
    expect(signed.data).toBeNull();
    const rows = await other.client.from('item_photos').select('photo_id');
    expect(rows.data).toEqual([]);
    const intruder = names(owner.accountId, itemIds[0]!);
    const upload = await other.client.storage
      .from(BUCKET)
      .upload(intruder.object, new Uint8Array(10), { contentType: 'image/jpeg' });
    // Storage answers 400 with the policy's 403 in the body, as hosted Storage does
    expect(upload.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    // nor list a photo of someone else's item under their own account
    const row = await other.client.from('item_photos').insert({
      photo_id: intruder.photoId,
      account_id: owner.accountId,
      item_id: itemIds[0]!,
      object_name: intruder.object,
      thumb_name: intruder.thumb,
      width: 1,
      height: 1,
    });
    expect(row.error?.code).toBe('42501');
  });

  it('a picker cannot remove a listed photo; the owner can', async () => {
    const added = await addPhoto(owner, owner.accountId, itemIds[1]!);
    expect(added.row.error).toBeNull();
    const row = await picker.client
      .from('item_photos')
      .delete()
      .eq('photo_id', added.names.photoId)
      .select('photo_id');
    expect(row.data).toEqual([]);
    const files = await picker.client.storage.from(BUCKET).remove([added.names.object]);
    expect(files.data ?? []).toEqual([]);
    expect((await owner.client.storage.from(BUCKET).download(added.names.object)).error).toBeNull();

    const removed = await owner.client
      .from('item_photos')
      .delete()
      .eq('photo_id', added.names.photoId)
      .select('photo_id');
    expect(removed.data).toHaveLength(1);
    const gone = await owner.client.storage
      .from(BUCKET)
      .remove([added.names.object, added.names.thumb]);
    expect(gone.data).toHaveLength(2);
  });

  it('the uploader may remove files no photo lists yet (what a refused add leaves)', async () => {
    const n = names(owner.accountId, itemIds[1]!);
    const bucket = picker.client.storage.from(BUCKET);
    expect(
      (await bucket.upload(n.object, new Uint8Array(5), { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    const removed = await bucket.remove([n.object]);
    expect(removed.data).toHaveLength(1);
  });

  it('refuses the 7th photo of an item, saying so', async () => {
    const itemId = itemIds[2]!;
    for (let i = 0; i < 6; i++) {
      const added = await addPhoto(owner, owner.accountId, itemId, 100);
      expect(added.row.error).toBeNull();
      expect(added.row.data?.position).toBe(i);
    }
    const seventh = await addPhoto(owner, owner.accountId, itemId, 100);
    expect(seventh.row.error?.code).toBe('P0001');
    expect(seventh.row.error?.message).toBe('LIMIT_REACHED: An item can have at most 6 photos');
    const { rows } = await db().query(
      'select count(*)::int as n from public.item_photos where item_id = $1',
      [itemId],
    );
    expect(rows[0].n).toBe(6);
  });

  it('refuses a photo past the plan’s photo storage, with the plan in the message', async () => {
    const seller = await createDbUser({ prefix: 'photos-quota' });
    const { itemIds: ids } = await createStorage(seller.accountId, { items: 2 });
    // as if the account already held its 100 MB of photos: five of 20 MB each
    for (let i = 0; i < 5; i++) {
      const added = await addPhoto(seller, seller.accountId, ids[0]!, 10);
      expect(added.row.error).toBeNull();
    }
    await db().query('update public.item_photos set bytes = 20971520 where account_id = $1', [
      seller.accountId,
    ]);
    const refused = await addPhoto(seller, seller.accountId, ids[1]!);
    expect(refused.row.error?.code).toBe('P0001');
    expect(refused.row.error?.message).toBe(
      'PLAN_LIMIT_REACHED: Your free plan holds 100 MB of photos. Remove some photos or upgrade to add more',
    );
    expect(JSON.parse(refused.row.error!.details)).toMatchObject({
      kind: 'photo_bytes',
      plan: 'free',
      limit: 104857600,
    });
    // on a bigger plan the same photo fits
    await setPlan(seller.accountId, 'growing');
    const retried = await seller.client.from('item_photos').insert({
      photo_id: refused.names.photoId,
      account_id: seller.accountId,
      item_id: ids[1]!,
      object_name: refused.names.object,
      thumb_name: refused.names.thumb,
      width: 1600,
      height: 1200,
    });
    expect(retried.error).toBeNull();
  });

  it('a removed item keeps its photos while the removal can be undone; undo shows them again', async () => {
    const seller = await createDbUser({ prefix: 'photos-undo' });
    const { itemIds: ids } = await createStorage(seller.accountId, { items: 1 });
    const added = await addPhoto(seller, seller.accountId, ids[0]!);
    expect(added.row.error).toBeNull();
    const removed = await seller.client.rpc('remove_items', { p_item_ids: [ids[0]!] });
    expect(removed.error).toBeNull();
    // the row stays (no foreign key); the file is out of reach while its item is gone
    const { rows } = await db().query(
      'select count(*)::int as n from public.item_photos where item_id = $1',
      [ids[0]!],
    );
    expect(rows[0].n).toBe(1);
    const bucket = seller.client.storage.from(BUCKET);
    expect((await bucket.download(added.names.thumb)).data).toBeNull();

    const change = await seller.client
      .from('undo_changes')
      .select('change_id')
      .eq('action', 'remove_items')
      .single();
    expect(change.error).toBeNull();
    const undone = await seller.client.rpc('undo_change', { p_change_id: change.data!.change_id });
    expect(undone.error).toBeNull();
    const listed = await seller.client
      .from('item_photos')
      .select('photo_id')
      .eq('item_id', ids[0]!);
    expect(listed.data).toEqual([{ photo_id: added.names.photoId }]);
    expect((await bucket.download(added.names.thumb)).error).toBeNull();
  });

  it('refuses a row whose files were never uploaded', async () => {
    const n = names(owner.accountId, itemIds[0]!);
    const { error } = await owner.client.from('item_photos').insert({
      photo_id: n.photoId,
      account_id: owner.accountId,
      item_id: itemIds[0]!,
      object_name: n.object,
      thumb_name: n.thumb,
      width: 10,
      height: 10,
    });
    expect(error?.code).toBe('22023');
    expect(error?.message).toBe('Upload the photo and its thumbnail before adding it');
  });

  it('the bucket refuses SVG and files over 5 MB, with status and message', async () => {
    const bucket = owner.client.storage.from(BUCKET);
    const svg = await bucket.upload(
      names(owner.accountId, itemIds[0]!).object,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      { contentType: 'image/svg+xml' },
    );
    expect(svg.data).toBeNull();
    expect(svg.error).toMatchObject({ status: 400, statusCode: '415' });
    expect(svg.error?.message).toBe('mime type image/svg+xml is not supported');

    const big = await bucket.upload(
      names(owner.accountId, itemIds[0]!).object,
      new Uint8Array(5 * 1024 * 1024 + 1),
      { contentType: 'image/jpeg' },
    );
    expect(big.data).toBeNull();
    expect(big.error).toMatchObject({ status: 400, statusCode: '413' });
    expect(big.error?.message).toBe('The object exceeded the maximum allowed size');
    const { rows } = await db().query(
      `select count(*)::int as n from storage.objects where bucket_id = $1 and name like $2 and metadata is null`,
      [BUCKET, `${owner.accountId}/%`],
    );
    expect(rows[0].n).toBe(0);
  });
});
