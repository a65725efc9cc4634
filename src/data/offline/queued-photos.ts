import { useSyncExternalStore } from 'react';
import { queuedPhotosByItem, type QueuedPhoto } from '../../domain/outbox';
import { outboxFor, type OutboxState } from './outbox';
import type { AccountId } from '../../domain/ids';

const NONE: readonly QueuedPhoto[] = [];
const noSubscribe = () => () => undefined;

// Grouped once per queue state and shared by every row that asks.
const grouped = new WeakMap<OutboxState, ReturnType<typeof queuedPhotosByItem>>();

function photosOf(state: OutboxState): ReturnType<typeof queuedPhotosByItem> {
  let byItem = grouped.get(state);
  if (!byItem) grouped.set(state, (byItem = queuedPhotosByItem(state.waiting)));
  return byItem;
}

/**
 * The photos of an item taken on this device and waiting in its queue, in the order taken, with
 * their files (shown from the device until the database lists them). A row re-renders only when
 * its own item's waiting photos change.
 */
export function useQueuedPhotos(
  accountId: AccountId | undefined,
  itemId: string,
): readonly QueuedPhoto[] {
  const outbox = accountId ? outboxFor(accountId) : undefined;
  return useSyncExternalStore(
    outbox?.subscribe ?? noSubscribe,
    () => (outbox ? (photosOf(outbox.snapshot).get(itemId) ?? NONE) : NONE),
    () => NONE,
  );
}
