import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  failureKind,
  idsFromAnswer,
  pendingTempIds,
  rewriteIds,
  type OutboxEntry,
  type QueuedChange,
} from '../../domain/outbox';
import { isOffline } from '../../lib/online';
import { texts } from '../../lib/messages';
import { isNetworkFailure, toDataError } from '../errors';
import { inventoryRoot } from '../inventory-keys';
import { addItem } from '../items/add-item';
import { addScannedItems } from '../items/add-scanned-items';
import { applyShelfCount } from '../counts/shelf-count';
import { moveItems } from '../items/move-items';
import { updateItem } from '../items/update-item';
import type { ItemFields } from '../items/types';
import { preferencesKeys } from '../settings/keys';
import { holdLiveSync } from '../live-sync/hold';
import { sendQueuedPhoto, showAddedPhoto } from '../photos/add-photo';
import { photoKeys } from '../photos/keys';
import type { ItemPhoto } from '../photos/types';
import { outboxFor, rememberSentIds } from './outbox';
import type { AccountId } from '../../domain/ids';

/** Sends one queued change through the same data-layer function the online path calls. */
function send(accountId: AccountId, change: QueuedChange): Promise<unknown> {
  switch (change.kind) {
    case 'move':
      return moveItems(...change.args);
    case 'update':
      return updateItem(change.args[0], change.args[1]);
    case 'add':
      return addItem(change.args[0], change.args[1] as unknown as ItemFields);
    case 'scan':
      return addScannedItems(...change.args);
    case 'count':
      return applyShelfCount(...change.args);
    case 'photo':
      return sendQueuedPhoto(accountId, ...change.args);
  }
}

export type ReplayResult = 'empty' | 'stopped';

const running = new Map<AccountId, Promise<ReplayResult>>();

/**
 * Sends the seller's queue in order, one change at a time. No answer (still offline, the line
 * dropped) stops it and keeps the rest for later; a refusal (the item was deleted meanwhile, a
 * plan limit, a rule) takes that change out into "Needs your decision" and goes on. Then the
 * inventory and preferences are read again, so the screens show what the database holds.
 * One replay per seller at a time; a second call shares the first.
 */
export function replayOutbox(
  accountId: AccountId,
  queryClient: QueryClient,
): Promise<ReplayResult> {
  const known = running.get(accountId);
  if (known) return known;
  // Live events and catch-up reads wait until the replay ends: its own echoes are applied in one
  // batch and everything is read once, not re-read while the changes go out.
  const release = holdLiveSync(accountId);
  const run = (async (): Promise<ReplayResult> => {
    const outbox = outboxFor(accountId);
    await outbox.load();
    let sent = 0;
    let photos = 0;
    let result: ReplayResult = 'empty';
    // The device's record of each sent change goes in the background: the queue in memory drops
    // it at once, so the next change is sent without waiting for IndexedDB (writes keep their
    // order there). A record left by a crash in between is sent again, as one whose answer was
    // lost always could be.
    const recorded: Array<Promise<void>> = [];
    for (;;) {
      const next: OutboxEntry | undefined = outbox.snapshot.waiting[0];
      if (!next) break;
      if (pendingTempIds(next.change).length > 0) {
        // It names an item whose add was refused: it cannot be sent as it stands.
        await outbox.refuse(next, texts.outboxItemNotAdded, 'PT404');
        continue;
      }
      try {
        const answer = await send(accountId, next.change);
        sent += 1;
        recorded.push(outbox.done(next.id));
        if (next.change.kind === 'photo') {
          // Shown from the list at once, as the online path does: no gap after its local copy.
          showAddedPhoto(queryClient, accountId, answer as ItemPhoto);
          photos += 1;
        }
        const ids = idsFromAnswer(next.change, answer);
        if (ids.size > 0) rememberSentIds(accountId, ids);
        if (ids.size > 0)
          for (const later of outbox.snapshot.waiting)
            if (pendingTempIds(later.change).some((id) => ids.has(id)))
              recorded.push(outbox.update({ ...later, change: rewriteIds(later.change, ids) }));
      } catch (error) {
        if (failureKind({ network: isNetworkFailure(error) }) === 'network') {
          result = 'stopped';
          break;
        }
        const refused = toDataError(error);
        await outbox.refuse(next, refused.message, refused.code);
      }
    }
    await Promise.all(recorded);
    if (sent > 0 || outbox.snapshot.decisions.length > 0) {
      const reads = Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryRoot(accountId) }),
        queryClient.invalidateQueries({ queryKey: preferencesKeys.detail(accountId) }),
        photos > 0
          ? queryClient.invalidateQueries({ queryKey: photoKeys.list(accountId) })
          : undefined,
      ]);
      // Let go once these reads are under way, so the live sync's owed catch-up joins them.
      release();
      await reads;
    }
    return result;
  })().finally(() => {
    release();
    running.delete(accountId);
  });
  running.set(accountId, run);
  return run;
}

/** How often a queue that could not be sent is tried again, whatever the browser says. */
const RETRY_EVERY_MS = 5_000;

/**
 * Catches up while the dashboard is open: at start when online with changes waiting, on the
 * browser's `online`, whenever a change is queued while online (it waits behind others), and
 * every few seconds while changes wait.
 */
export function useOutboxReplay(accountId: AccountId | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!accountId) return;
    const outbox = outboxFor(accountId);
    const catchUp = () => {
      if (!isOffline() && outbox.snapshot.waiting.length > 0)
        void replayOutbox(accountId, queryClient);
    };
    void outbox.load().then(catchUp);
    const unsubscribe = outbox.subscribe(() => {
      if (!running.has(accountId)) catchUp();
    });
    window.addEventListener('online', catchUp);
    // The browser's word is not always right (a page opened offline may believe it is online and
    // then never hear 'online'; Wi-Fi may be up with no way through): try again now and then.
    const retry = window.setInterval(catchUp, RETRY_EVERY_MS);
    return () => {
      unsubscribe();
      window.removeEventListener('online', catchUp);
      window.clearInterval(retry);
    };
  }, [accountId, queryClient]);
}
