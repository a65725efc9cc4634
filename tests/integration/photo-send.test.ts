import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataError } from '../../src/data/errors.ts';
import { sendPhoto } from '../../src/data/photos/send-photo.ts';
import { accountIdOf } from '../../src/domain/ids.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { closeDb, createDbUser, createStorage, db, type DbUser } from '../helpers/db-users.ts';

// A photo taken offline is sent by the queue's replay through sendPhoto (issue #40): as the
// online path, both files then the row; sent again after a lost answer it is the same photo, and
// a refusal (six per item, the plan's photo storage, the item removed meanwhile) says why in the
// seller's words and leaves no file behind.

afterAll(closeDb);

const typed = (user: DbUser) => user.client as unknown as SupabaseClient<Database>;

function files(size = 3000) {
  return {
    photo: new Blob([new Uint8Array(size)], { type: 'image/jpeg' }),
    thumb: new Blob([new Uint8Array(200)], { type: 'image/webp' }),
    width: 1600,
    height: 1200,
  };
}

/** The bucket's files of one photo, whatever RLS would show. */
async function filesOf(photoId: string): Promise<string[]> {
  const { rows } = await db().query<{ name: string }>(
    `select name from storage.objects where bucket_id = 'item-photos' and name like '%' || $1 || '%' order by name`,
    [photoId],
  );
  return rows.map((row) => row.name);
}

async function refusal(promise: Promise<unknown>): Promise<DataError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

describe('sendPhoto', () => {
  let seller: DbUser;
  let itemIds: string[];

  beforeAll(async () => {
    seller = await createDbUser({ prefix: 'photo-send' });
    ({ itemIds } = await createStorage(seller.accountId, { items: 3 }));
  });

  it('uploads both files, then lists the photo; sent again after a lost answer, it is the same photo', async () => {
    const account = accountIdOf(seller.accountId);
    const photoId = randomUUID();
    const sent = await sendPhoto(typed(seller), account, itemIds[0]!, photoId, files());
    expect(sent).toMatchObject({
      photo_id: photoId,
      item_id: itemIds[0],
      position: 0,
      bytes: 3200,
    });
    const again = await sendPhoto(typed(seller), account, itemIds[0]!, photoId, files());
    expect(again).toEqual(sent);
    expect(await filesOf(photoId)).toHaveLength(2);

    // Only the files were up when the line dropped: the resend takes them as they are.
    const second = randomUUID();
    const first = await seller.client.storage
      .from('item-photos')
      .upload(`${seller.accountId}/${itemIds[0]}/${second}.jpg`, files().photo, {
        contentType: 'image/jpeg',
      });
    expect(first.error).toBeNull();
    const listed = await sendPhoto(typed(seller), account, itemIds[0]!, second, files());
    expect(listed).toMatchObject({ photo_id: second, position: 1 });
  });

  it('refuses the 7th photo of an item, saying so, and leaves no file', async () => {
    const account = accountIdOf(seller.accountId);
    for (let i = 0; i < 6; i++)
      await sendPhoto(typed(seller), account, itemIds[1]!, randomUUID(), files(10));
    const photoId = randomUUID();
    const refused = await refusal(
      sendPhoto(typed(seller), account, itemIds[1]!, photoId, files(10)),
    );
    expect(refused.message).toBe('An item can have at most 6 photos');
    expect(refused.code).toBe('P0001');
    expect(await filesOf(photoId)).toEqual([]);
  });

  it('refuses a photo past the plan’s photo storage, naming the plan, and leaves no file', async () => {
    const full = await createDbUser({ prefix: 'photo-send-quota' });
    const { itemIds: ids } = await createStorage(full.accountId, { items: 1 });
    const account = accountIdOf(full.accountId);
    for (let i = 0; i < 5; i++)
      await sendPhoto(typed(full), account, ids[0]!, randomUUID(), files(10));
    // as if the account held its free plan's 100 MB of photos: five of 20 MB each
    await db().query('update public.item_photos set bytes = 20971520 where account_id = $1', [
      full.accountId,
    ]);
    const photoId = randomUUID();
    const refused = await refusal(sendPhoto(typed(full), account, ids[0]!, photoId, files()));
    expect(refused.message).toBe(
      'Your free plan holds 100 MB of photos. Remove some photos or upgrade to add more',
    );
    expect(refused.planLimit).toBeDefined();
    expect(await filesOf(photoId)).toEqual([]);
  });

  it('refuses a photo of an item removed meanwhile, in the seller’s words', async () => {
    const account = accountIdOf(seller.accountId);
    const removed = await seller.client.rpc('remove_items', { p_item_ids: [itemIds[2]!] });
    expect(removed.error).toBeNull();
    const photoId = randomUUID();
    const refused = await refusal(sendPhoto(typed(seller), account, itemIds[2]!, photoId, files()));
    expect(refused.message).toBe('The item is no longer there');
    expect(refused.code).toBe('PT404');
    expect(await filesOf(photoId)).toEqual([]);
  });
});
