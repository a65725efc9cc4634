import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isTempId, type QueuedChange, type QueuedPhotoFiles } from '../../domain/outbox';
import { refuseChosenFile } from '../../domain/photos';
import { resizePhoto, type ResizedPhoto } from '../../lib/image-resize';
import { texts } from '../../lib/messages';
import { supabase } from '../../lib/supabase';
import { DataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { sendOrQueue, sentItemId } from '../offline/outbox';
import { photoKeys } from './keys';
import { sendPhoto } from './send-photo';
import type { ItemPhoto } from './types';
import type { AccountId } from '../../domain/ids';

export interface AddPhotoInput {
  itemId: string;
  /** For the offline queue's entry: "Photo for <item name>". */
  itemName: string;
  file: File;
}

/** The photo listed, or kept on the device to be sent with the queue (docs/architecture.md#offline). */
export type AddPhotoResult = { queued: false; photo: ItemPhoto } | { queued: true; photo: null };

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

/** Sends a photo (the queue's replay calls this with the queued change's arguments). */
export function sendQueuedPhoto(
  accountId: AccountId,
  itemId: string,
  photoId: string,
  files: QueuedPhotoFiles,
): Promise<ItemPhoto> {
  return sendPhoto(supabase, accountId, itemId, photoId, files);
}

/** Shows a photo the database listed without waiting for the list to be read again. */
export function showAddedPhoto(
  queryClient: QueryClient,
  accountId: AccountId,
  photo: ItemPhoto,
): void {
  queryClient.setQueryData<ItemPhoto[]>(photoKeys.list(accountId), (photos) =>
    photos && !photos.some((p) => p.photo_id === photo.photo_id) ? [...photos, photo] : photos,
  );
}

/**
 * Resizes the photo in the browser, then sends it (sendPhoto: both files, then the row) or, with
 * no connection, behind earlier changes or for an item added offline and not sent yet, keeps both
 * files in the device's queue to be sent in order with the rest.
 */
export async function addPhoto(
  accountId: AccountId,
  input: AddPhotoInput,
): Promise<AddPhotoResult> {
  const files = await preparePhoto(input.file);
  // An item added offline and sent since (a Bulk Scan entry still names it so): its real id.
  const itemId = sentItemId(accountId, input.itemId);
  const change: Extract<QueuedChange, { kind: 'photo' }> = {
    kind: 'photo',
    args: [itemId, crypto.randomUUID(), files],
    name: input.itemName,
  };
  return sendOrQueue<AddPhotoResult>(
    accountId,
    change,
    async () => ({ queued: false, photo: await sendQueuedPhoto(accountId, ...change.args) }),
    () => ({ queued: true, photo: null }),
    { queue: isTempId(itemId) },
  );
}

/** Adds a photo; the list shows it once the database has it (and live sync tells the others). */
export function useAddPhotoMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<AddPhotoResult, AddPhotoInput> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddPhotoInput) => addPhoto(accountId, input),
    onSuccess: (result, input) => {
      if (result.photo) {
        showAddedPhoto(queryClient, accountId, result.photo);
        void queryClient.invalidateQueries({ queryKey: photoKeys.list(accountId) });
      }
      onSuccess?.(result, input);
    },
    onError,
  });
}
