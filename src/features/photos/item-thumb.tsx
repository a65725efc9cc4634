import { memo } from 'react';
import { pictureOf } from '../../domain/photos';
import { useQueuedPhotos } from '../../data/offline/queued-photos';
import { usePhotosByItem } from '../../data/photos/list-photos';
import { usePhotoUrl } from '../../data/photos/signed-urls';
import { useObjectUrl } from '../../lib/use-object-url';
import { useAccountId } from '../account';

/**
 * The item's picture as a 40 px thumbnail (docs/product.md#photos): the slot is there whether or
 * not the item has a photo, so rows line up and nothing moves when one arrives. An item with no
 * listed photo shows the first one taken on this device and waiting in its queue.
 */
export const ItemThumb = memo(function ItemThumb({ itemId }: { itemId: string }) {
  const accountId = useAccountId();
  const picture = pictureOf(
    (usePhotosByItem(accountId).get(itemId) ?? []).map((p) => ({ ...p, photoId: p.photo_id })),
  );
  const waiting = useQueuedPhotos(accountId, itemId);
  const signedUrl = usePhotoUrl(accountId, picture?.thumb_name);
  const localUrl = useObjectUrl(picture ? null : waiting[0]?.files.thumb);
  const url = picture ? signedUrl : localUrl;
  return (
    <span className="item-thumb" data-testid="item-thumb" aria-hidden="true">
      {url ? (
        <img
          src={url}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          data-testid="item-thumb-img"
          data-queued={picture ? undefined : 'true'}
        />
      ) : null}
    </span>
  );
});
