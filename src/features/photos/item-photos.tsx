import './photos.css';
import {
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { notify } from '../../components/toasts';
import { toDataError } from '../../data/errors';
import { useQueuedPhotos } from '../../data/offline/queued-photos';
import { useAddPhotoMutation } from '../../data/photos/add-photo';
import { usePhotosByItem } from '../../data/photos/list-photos';
import { useRemovePhotoMutation } from '../../data/photos/remove-photo';
import { usePhotoUrl } from '../../data/photos/signed-urls';
import type { ItemPhoto } from '../../data/photos/types';
import type { QueuedPhoto } from '../../domain/outbox';
import { MAX_PHOTOS_PER_ITEM, canAddPhoto, stepIndex, swipeStep } from '../../domain/photos';
import { messages } from '../../lib/messages';
import { useObjectUrl } from '../../lib/use-object-url';
import { useAccountId, useCan } from '../account';

const NO_PHOTOS: readonly ItemPhoto[] = [];
/** The viewer's two step buttons, each one step of step() (as an arrow key or a swipe). */
const STEPS = [
  { by: -1, label: 'Previous photo', glyph: '‹', testId: 'item-photo-previous' },
  { by: 1, label: 'Next photo', glyph: '›', testId: 'item-photo-next' },
] as const;

/** A photo the database lists, or one taken on this device waiting in its queue. */
type Shown = { photo: ItemPhoto; queued: null } | { photo: null; queued: QueuedPhoto };

/**
 * The item dialog's Photos section (docs/product.md#photos): the photos full size, one at a time
 * (swipe on touch, arrow keys or the buttons), adding one by camera or file, and removing one
 * (owners and managers). Photos taken offline show from the device, after the listed ones, until
 * the queue sends them.
 */
export function ItemPhotos({ itemId, itemName }: { itemId: string; itemName: string }) {
  const accountId = useAccountId();
  const listed = usePhotosByItem(accountId).get(itemId) ?? NO_PHOTOS;
  const waiting = useQueuedPhotos(accountId, itemId);
  const photos = useMemo<Shown[]>(() => {
    const ids = new Set(listed.map((photo) => photo.photo_id));
    return [
      ...listed.map((photo) => ({ photo, queued: null })),
      ...waiting
        .filter((queued) => !ids.has(queued.photoId))
        .map((queued) => ({ photo: null, queued })),
    ];
  }, [listed, waiting]);
  const [index, setIndex] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mayAdd = useCan('add-photos');
  const mayRemove = useCan('remove-photos');
  const cameraRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const swipeFrom = useRef<number | null>(null);

  const shown = Math.min(index, Math.max(0, photos.length - 1));
  const current = photos[shown] ?? null;
  const signedUrl = usePhotoUrl(accountId, current?.photo?.object_name);
  const localUrl = useObjectUrl(current?.queued?.files.photo);
  const url = current?.queued ? localUrl : signedUrl;
  // Only a listed photo can be removed; one waiting is the queue's (discarded there if refused).
  const removable = current?.photo ?? null;

  const add = useAddPhotoMutation(accountId, {
    onSuccess: (result) => {
      setFailure(null);
      notify(result.queued ? messages.photoQueued(itemName) : messages.photoAdded());
    },
    onError: (error) => {
      const text = toDataError(error).message;
      setFailure(text);
      notify(messages.photoNotAdded(text));
    },
  });
  const remove = useRemovePhotoMutation(accountId, {
    onSuccess: () => {
      setConfirming(false);
      notify(messages.photoRemoved());
    },
    onError: (error) => notify(messages.photoNotRemoved(toDataError(error).message)),
  });

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    add.mutate(
      { itemId, itemName, file },
      // the new photo is shown: it takes the first free place
      { onSuccess: () => setIndex(photos.length) },
    );
  };

  const step = (by: number) => {
    setConfirming(false);
    setIndex(stepIndex(shown, by, photos.length));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      step(event.key === 'ArrowLeft' ? -1 : 1);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const by = swipeStep(event.clientX - from);
    if (by !== 0) step(by);
  };

  const full = !canAddPhoto(photos.length);
  return (
    <section className="item-photos" aria-label={`Photos of ${itemName}`} data-testid="item-photos">
      <div className="item-photos__head">
        <h3 className="item-photos__title">Photos</h3>
        <span className="muted" data-testid="item-photos-count">
          {photos.length === 0
            ? 'No photos yet'
            : `${shown + 1} of ${photos.length} (at most ${MAX_PHOTOS_PER_ITEM})`}
        </span>
      </div>
      {current ? (
        <div
          className="item-photos__view"
          tabIndex={0}
          role="group"
          aria-roledescription="photo viewer"
          aria-label={`Photo ${shown + 1} of ${photos.length}; left and right arrows change photo`}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeFrom.current = null)}
          data-testid="item-photo-view"
        >
          {url ? (
            <img
              src={url}
              alt={`Photo ${shown + 1} of ${itemName}`}
              draggable={false}
              data-testid="item-photo"
              data-photo-id={current.photo ? current.photo.photo_id : current.queued.photoId}
              data-queued={current.queued ? 'true' : undefined}
            />
          ) : (
            <span className="muted">Loading photo…</span>
          )}
        </div>
      ) : null}
      {current?.queued ? (
        <p className="muted item-photos__waiting" data-testid="item-photo-waiting">
          Kept on this device: sent with your other changes when the connection is back.
        </p>
      ) : null}
      <div className="item-photos__actions">
        {photos.length > 1
          ? STEPS.map(({ by, label, glyph, testId }) => (
              <button
                key={by}
                type="button"
                className="button button--secondary item-photos__step"
                aria-label={label}
                // at either end the step goes nowhere: the same rule as the keys and the swipe
                disabled={stepIndex(shown, by, photos.length) === shown}
                onClick={() => step(by)}
                data-testid={testId}
              >
                {glyph}
              </button>
            ))
          : null}
        {mayAdd ? (
          <>
            <button
              type="button"
              className="button button--secondary"
              disabled={full || add.isPending}
              onClick={() => cameraRef.current?.click()}
              data-testid="item-photo-camera"
            >
              {add.isPending ? 'Adding photo…' : 'Take photo'}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={full || add.isPending}
              onClick={() => fileRef.current?.click()}
              data-testid="item-photo-file"
            >
              Choose file
            </button>
            <input
              ref={cameraRef}
              type="file"
              accept="image/*"
              capture="environment"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={chosen}
              data-testid="item-photo-camera-input"
            />
            <input
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={chosen}
              data-testid="item-photo-file-input"
            />
          </>
        ) : null}
        {mayRemove && removable ? (
          confirming ? (
            <span className="item-photos__confirm" role="group" aria-label="Remove this photo?">
              <button
                type="button"
                className="button button--danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(removable)}
                data-testid="item-photo-remove-confirm"
              >
                Remove this photo
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setConfirming(false)}
              >
                Keep
              </button>
            </span>
          ) : (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setConfirming(true)}
              data-testid="item-photo-remove"
            >
              Remove photo
            </button>
          )
        ) : null}
      </div>
      {full ? (
        <p className="muted" data-testid="item-photos-full">
          {`This item has its ${MAX_PHOTOS_PER_ITEM} photos.`}
        </p>
      ) : null}
      {failure ? (
        <p className="notice notice--error" role="alert" data-testid="item-photos-failure">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
