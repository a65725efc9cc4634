import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PHOTO_BUCKET } from '../../domain/photos';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { photoKeys } from './keys';
import type { ItemPhoto } from './types';
import type { AccountId } from '../../domain/ids';

/**
 * Removes the photo's row (owners and managers: RLS), then its files. A file left by a failed
 * second step names no photo, so nothing shows it.
 */
export async function removePhoto(photo: ItemPhoto): Promise<void> {
  const { data, error } = await supabase
    .from('item_photos')
    .delete()
    .eq('photo_id', photo.photo_id)
    .select('photo_id');
  if (error) throw toDataError(error);
  if (data.length === 0)
    throw toDataError({ message: 'Only the owner or a manager can remove photos', code: '42501' });
  await supabase.storage.from(PHOTO_BUCKET).remove([photo.object_name, photo.thumb_name]);
}

export function useRemovePhotoMutation(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<void, ItemPhoto> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: ItemPhoto) => removePhoto(photo),
    onSuccess: (result, photo) => {
      queryClient.setQueryData<ItemPhoto[]>(photoKeys.list(accountId), (photos) =>
        photos?.filter((p) => p.photo_id !== photo.photo_id),
      );
      onSuccess?.(result, photo);
    },
    onError,
  });
}
