import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  deviceCacheKey,
  isDeviceCacheEntry,
  isPersistedQueryKey,
  type DeviceCacheEntry,
} from '../../domain/device-copy';
import type { AccountId, UserId } from '../../domain/ids';
import { deleteAccountCopy, deleteDeviceDb, openDeviceDb } from './device-db';

/** How long changes gather before they are written to the device (one write for a burst). */
const WRITE_DELAY_MS = 400;

/**
 * Puts the seller's device copy (domain/device-copy.ts: tree, items, preferences, plan) into the
 * query cache, for entries the cache does not hold yet (a fresher answer from the server is never
 * overwritten). Each is marked stale, so an online screen still asks the server and replaces it;
 * offline the screen shows it at once. Resolves with how many entries were put in; never rejects.
 */
export async function hydrateDeviceCache(
  queryClient: QueryClient,
  accountId: AccountId,
): Promise<number> {
  try {
    const db = await openDeviceDb(accountId);
    const stored = await db.cache.getAll();
    let count = 0;
    for (const value of stored) {
      if (!isDeviceCacheEntry(value, accountId)) continue;
      const queryKey = value.queryKey as QueryKey;
      if (queryClient.getQueryData(queryKey) !== undefined) continue;
      queryClient.setQueryData(queryKey, value.data, { updatedAt: value.updatedAt });
      queryClient.getQueryCache().find({ queryKey, exact: true })?.invalidate();
      count += 1;
    }
    return count;
  } catch (error) {
    console.warn('The device copy could not be read', error);
    return 0;
  }
}

/**
 * Keeps the device copy of this seller's persisted entries up to date while they are signed in:
 * every change of one of them (an answer from the server, a live-sync patch, an optimistic edit)
 * is written shortly after, a burst in one transaction, and at once when the page is hidden.
 * Returns the stop function (writes nothing after it).
 */
export function persistDeviceCache(queryClient: QueryClient, accountId: AccountId): () => void {
  const dirty = new Map<string, QueryKey>();
  let timer: number | undefined;
  let stopped = false;

  const flush = () => {
    if (timer !== undefined) window.clearTimeout(timer);
    timer = undefined;
    if (stopped || dirty.size === 0) return;
    const keys = [...dirty.values()];
    dirty.clear();
    const entries: Array<{ key: string; value: DeviceCacheEntry }> = [];
    const remove: string[] = [];
    for (const queryKey of keys) {
      const state = queryClient.getQueryState(queryKey);
      if (state?.data === undefined) {
        remove.push(deviceCacheKey(queryKey));
      } else {
        entries.push({
          key: deviceCacheKey(queryKey),
          value: { queryKey, data: state.data, updatedAt: state.dataUpdatedAt },
        });
      }
    }
    void openDeviceDb(accountId)
      .then((db) => (stopped ? undefined : db.putMany('cache', entries, remove)))
      .catch((error: unknown) => console.warn('The device copy could not be written', error));
  };

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (stopped || !isPersistedQueryKey(event.query.queryKey, accountId)) return;
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    dirty.set(event.query.queryHash, event.query.queryKey);
    if (timer === undefined) timer = window.setTimeout(flush, WRITE_DELAY_MS);
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flush);

  return () => {
    stopped = true;
    if (timer !== undefined) window.clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', flush);
  };
}

/**
 * Sign-out and an ended session: every copy this user made on the device goes, whole (queues
 * included): their own account's and those of the accounts they are a member of.
 */
export function forgetDevice(userId: UserId): Promise<void> {
  return deleteDeviceDb(userId).catch(warnNotDeleted);
}

/** A member removed from an account: that account's copy goes, whole (its queue included). */
export function forgetAccountCopy(userId: UserId, accountId: AccountId): Promise<void> {
  return deleteAccountCopy(userId, accountId).catch(warnNotDeleted);
}

function warnNotDeleted(error: unknown): void {
  console.warn('The device copy could not be deleted', error);
}
