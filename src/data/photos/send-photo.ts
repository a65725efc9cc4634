import type { SupabaseClient } from '@supabase/supabase-js';
import { PHOTO_BUCKET, photoObjectNames, type PhotoType } from '../../domain/photos';
import type { QueuedPhotoFiles } from '../../domain/outbox';
import type { Database } from '../../lib/database.types';
import { texts } from '../../lib/messages';
import { DataError, toDataError } from '../errors';
import type { ItemPhoto } from './types';
import type { AccountId } from '../../domain/ids';

/** Storage's own status of a refusal ('409', '403'), which supabase-js keeps as `statusCode`. */
function storageStatus(error: unknown): string | undefined {
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error
      ? (error as { statusCode: unknown }).statusCode
      : undefined;
  return typeof status === 'string' ? status : undefined;
}

/** The refusal's sentence without the database's tag ('LIMIT_REACHED: …'). */
function photoError(error: unknown): DataError {
  // The bucket lets an account's members upload only under an item it still has
  // (private.photo_file_in_account): said as the database says it for the row.
  if (storageStatus(error) === '403')
    return new DataError(texts.photoItemGone, { code: 'PT404', cause: error });
  const data = toDataError(error);
  const untagged = /^LIMIT_REACHED:\s*(.*)$/s.exec(data.message);
  if (!untagged) return data;
  return new DataError(untagged[1]!, { code: data.code, body: data.body, cause: data.cause });
}

/**
 * Uploads a resized photo's two files, then lists it (the database checks the item, its six
 * places and the plan's photo storage under the account's lock). The photo's id is chosen by the
 * caller, so sending it again (from the offline queue, after an answer was lost) is the same
 * photo: a file already there under its name is its own, and a row already listed is returned.
 * A refusal removes what was uploaded, so nothing half-added stays behind.
 */
export async function sendPhoto(
  client: SupabaseClient<Database>,
  accountId: AccountId,
  itemId: string,
  photoId: string,
  files: QueuedPhotoFiles,
): Promise<ItemPhoto> {
  const names = photoObjectNames(accountId, itemId, photoId, files.photo.type as PhotoType);
  const bucket = client.storage.from(PHOTO_BUCKET);
  const uploaded: string[] = [];
  try {
    for (const [name, blob] of [
      [names.object, files.photo],
      [names.thumb, files.thumb],
    ] as const) {
      const { error } = await bucket.upload(name, blob, {
        contentType: blob.type,
        cacheControl: '31536000',
        upsert: false,
      });
      if (error && storageStatus(error) !== '409') throw error;
      uploaded.push(name);
    }
    const { data, error } = await client
      .from('item_photos')
      .insert({
        photo_id: photoId,
        account_id: accountId,
        item_id: itemId,
        object_name: names.object,
        thumb_name: names.thumb,
        width: files.width,
        height: files.height,
      })
      .select()
      .single();
    if (!error) return data;
    const listed = await client.from('item_photos').select().eq('photo_id', photoId).maybeSingle();
    if (listed.data) return listed.data;
    throw error;
  } catch (error) {
    // the uploader may remove files no photo row names (the bucket's delete policy)
    if (uploaded.length > 0) await bucket.remove(uploaded).catch(() => undefined);
    throw photoError(error);
  }
}
