import { memo } from 'react';
import { useQueuedPhotos } from '../../data/offline/queued-photos';
import { useItemThumbUrl } from '../../data/photos/signed-urls';
import { useObjectUrl } from '../../lib/use-object-url';
import { useOnScreen } from '../../lib/use-on-screen';
import { useAccountId } from '../account';

/**
 * The item's picture as a 40 px thumbnail (docs/product.md#photos): the slot is there whether or
 * not the item has a photo, so rows line up and nothing moves when one arrives. The rows in the
 * window have their addresses asked for first, the rows drawn out of sight after them. Decoded
 * off the frame: a reload draws them from the tab's kept addresses with the rest of the rows. An
 * item with no listed photo shows the first one taken on this device and waiting in its queue.
 */
export const ItemThumb = memo(function ItemThumb({ itemId }: { itemId: string }) {
  const accountId = useAccountId();
  const [shown, ref] = useOnScreen<HTMLSpanElement>();
  const [signedUrl, watch] = useItemThumbUrl(accountId, itemId, shown);
  const waiting = useQueuedPhotos(accountId, itemId);
  const localUrl = useObjectUrl(watch ? null : waiting[0]?.files.thumb);
  const url = watch ? signedUrl : localUrl;
  return (
    <span
      ref={watch ? ref : undefined}
      className="item-thumb"
      data-testid="item-thumb"
      aria-hidden="true"
    >
      {url ? (
        <img
          src={url}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          data-testid="item-thumb-img"
          data-queued={watch ? undefined : 'true'}
        />
      ) : null}
    </span>
  );
});
