import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  deviceCacheKey,
  diffRows,
  isDeviceCacheEntry,
  isDeviceRowsHead,
  isPersistedQueryKey,
  rowIdField,
  type DeviceRowsHead,
  type RowsWritten,
} from '../../domain/device-copy';
import type { AccountId, UserId } from '../../domain/ids';
import {
  deleteAccountCopy,
  deleteDeviceDb,
  openDeviceDb,
  type CopyRead,
  type CopyWrite,
  type DeviceDb,
} from './device-db';

/** How long changes gather before they are written to the device (one write for a burst). */
const WRITE_DELAY_MS = 400;

/**
 * What each open copy holds of its lists kept row by row (by device key), so a write puts only
 * the rows that changed. Per open database: a copy deleted and made again starts unknown (null
 * or absent: the next write puts every row).
 */
const written = new WeakMap<DeviceDb, Map<string, RowsWritten | null>>();

function writtenOf(db: DeviceDb): Map<string, RowsWritten | null> {
  let known = written.get(db);
  if (!known) {
    known = new Map();
    written.set(db, known);
  }
  return known;
}

/**
 * One stored entry as the cache takes it: a whole entry as written, or a list put together from
 * its rows in their stored order. Null when it is not one of this account's.
 */
function readEntry(
  read: CopyRead,
  accountId: AccountId,
): { queryKey: QueryKey; data: unknown; updatedAt: number; rows: RowsWritten | null } | null {
  const { value } = read;
  if (isDeviceRowsHead(value, accountId)) {
    if (!Array.isArray(read.order)) return null;
    const byId = new Map<string, unknown>();
    for (const row of read.rows) {
      const id = (row as Record<string, unknown> | null)?.[value.rowsBy];
      if (typeof id === 'string') byId.set(id, row);
    }
    const ids = read.order as unknown[];
    const data: unknown[] = [];
    for (const id of ids) {
      const row = typeof id === 'string' ? byId.get(id) : undefined;
      if (row !== undefined) data.push(row);
    }
    // A row missing from the order (or the order naming one missing) is written anew next time.
    const whole = data.length === ids.length && data.length === byId.size;
    return {
      queryKey: value.queryKey as QueryKey,
      data,
      updatedAt: value.updatedAt,
      rows: whole ? { ids: ids as string[], rows: byId } : null,
    };
  }
  if (isDeviceCacheEntry(value, accountId)) {
    return {
      queryKey: value.queryKey as QueryKey,
      data: value.data,
      updatedAt: value.updatedAt,
      // A list written whole (the copy's format before rows): its rows are all written next time.
      rows: null,
    };
  }
  return null;
}

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
    const stored = await db.readCopy();
    const known = writtenOf(db);
    let count = 0;
    for (const read of stored) {
      const entry = readEntry(read, accountId);
      if (!entry) continue;
      const { queryKey } = entry;
      // What the device holds, whether or not the cache takes it, so the next write is a diff;
      // unless a write since has said so already (this read may have begun before it).
      const key = deviceCacheKey(queryKey);
      if (rowIdField(queryKey) !== null && !known.has(key)) known.set(key, entry.rows);
      if (queryClient.getQueryData(queryKey) !== undefined) continue;
      queryClient.setQueryData(queryKey, entry.data, { updatedAt: entry.updatedAt });
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
 * The writes that bring the copy up to the cache's state for these entries: a list kept row by
 * row writes its head, the rows that changed since the last write, and its order only when ids
 * were added, removed or moved; any other entry is written whole.
 */
function copyWrite(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
  known: Map<string, RowsWritten | null>,
): CopyWrite {
  const write: CopyWrite = {
    put: [],
    remove: [],
    clearRows: [],
    rows: [],
    removeRows: [],
    order: [],
  };
  for (const queryKey of keys) {
    const key = deviceCacheKey(queryKey);
    const state = queryClient.getQueryState(queryKey);
    if (state?.data === undefined) {
      write.remove.push(key);
      known.delete(key);
      continue;
    }
    const { data, dataUpdatedAt: updatedAt } = state;
    const rowsBy = rowIdField(queryKey);
    const before = known.get(key) ?? null;
    const changes = rowsBy !== null && Array.isArray(data) ? diffRows(before, data, rowsBy) : null;
    if (rowsBy === null || changes === null) {
      // Kept whole; a list that cannot be kept by rows loses any it had.
      if (rowsBy !== null) write.clearRows.push(key);
      write.put.push({ key, value: { queryKey, data, updatedAt } });
      known.delete(key);
      continue;
    }
    if (before === null) write.clearRows.push(key);
    for (const { id, row } of changes.put) write.rows.push({ entry: key, id, value: row });
    for (const id of changes.remove) write.removeRows.push({ entry: key, id });
    if (changes.order) write.order.push({ entry: key, ids: changes.order });
    const head: DeviceRowsHead = { queryKey, rowsBy, updatedAt };
    write.put.push({ key, value: head });
    known.set(key, changes.written);
  }
  return write;
}

/**
 * Keeps the device copy of this seller's persisted entries up to date while they are signed in:
 * every change of one of them (an answer from the server, a live-sync patch, an optimistic edit)
 * is written shortly after, a burst in one transaction, and at once when the page is hidden.
 * Only what changed is written (copyWrite). Returns the stop function (writes nothing after it).
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
    void openDeviceDb(accountId)
      .then((db) => {
        if (stopped) return;
        const known = writtenOf(db);
        const write = copyWrite(queryClient, keys, known);
        return db.writeCopy(write).catch((error: unknown) => {
          // What the device holds is no longer known: the next write puts every row.
          for (const { entry } of write.order) known.set(entry, null);
          for (const { key } of write.put) known.set(key, null);
          throw error;
        });
      })
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
