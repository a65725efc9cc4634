import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PHOTO_BUCKET,
  photoObjectNames,
  refuseChosenFile,
  type PhotoType,
} from '../../domain/photos';
import { resizePhoto, type ResizedPhoto } from '../../lib/image-resize';
import { texts } from '../../lib/messages';
import { supabase } from '../../lib/supabase';
import { DataError, toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { photoKeys } from './keys';
import type { ItemPhoto } from './types';
import type { AccountId } from '../../domain/ids';

export interface AddPhotoInput {
  itemId: string;
  file: File;
}

/** The chosen file resized, or the refusal in the seller's words; nothing is sent yet. */
export async function preparePhoto(file: File): Promise<ResizedPhoto> {
  const refusal = refuseChosenFile(file);
  if (refusal === 'type') throw new DataError(texts.photoWrongType, { code: 'photo_type' });
  if (refusal === 'too-large') throw new DataError(texts.photoTooLarge, { code: 'photo_size' });
  try {
    return await resizePhoto(file);
  } catch (error) {
    throw new DataError(texts.photoUnreadable, { code: 'photo_unreadable', cause: error });
  }
}

/** The refusal's sentence without the database's tag ('LIMIT_REACHED: …'). */
function photoError(error: unknown): DataError {
  const data = toDataError(error);
  const untagged = /^LIMIT_REACHED:\s*(.*)$/s.exec(data.message);
  if (!untagged) return data;
  return new DataError(untagged[1]!, { code: data.code, body: data.body, cause: data.cause });
}

/**
 * Uploads both files, then lists the photo (the database checks the item, its six places and the
 * plan's photo storage under the account's lock). A refused or failed step removes what was
 * uploaded, so nothing half-added stays behind.
 */
export async function addPhoto(accountId: AccountId, input: AddPhotoInput): Promise<ItemPhoto> {
  const resized = await preparePhoto(input.file);
  const photoId = crypto.randomUUID();
  const type = resized.photo.type as PhotoType;
  const names = photoObjectNames(accountId, input.itemId, photoId, type);
  const bucket = supabase.storage.from(PHOTO_BUCKET);
  const uploaded: string[] = [];
  try {
    for (const [name, blob] of [
      [names.object, resized.photo],
      [names.thumb, resized.thumb],
    ] as const) {
      const { error } = await bucket.upload(name, blob, {
        contentType: blob.type,
        cacheControl: '31536000',
        upsert: false,
      });
      if (error) throw error;
      uploaded.push(name);
    }
    const { data, error } = await supabase
      .from('item_photos')
      .insert({
        photo_id: photoId,
        account_id: accountId,
        item_id: input.itemId,
        object_name: names.object,
        thumb_name: names.thumb,
        width: resized.width,
        height: resized.height,
      })
      .select()
      .single();
    if (error) throw error;
    return data;
  } catch (error) {
    // the uploader may remove files no photo row names (the bucket's delete policy)
    if (uploaded.length > 0) await bucket.remove(uploaded).catch(() => undefined);
    throw photoError(error);
  }
}

/** Adds a photo; the list shows it once the database has it (and live sync tells the others). */
export function useAddPhotoMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<ItemPhoto, AddPhotoInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddPhotoInput) => addPhoto(accountId, input),
    onSuccess: (photo, input) => {
      queryClient.setQueryData<ItemPhoto[]>(photoKeys.list(accountId), (photos) =>
        photos && !photos.some((p) => p.photo_id === photo.photo_id) ? [...photos, photo] : photos,
      );
      void queryClient.invalidateQueries({ queryKey: photoKeys.list(accountId) });
      onSuccess?.(photo, input);
    },
    onError,
  });
}
