import { searchByBarcode, QUICK_SEARCH_LIMIT, type SearchableItem } from './search';
import type { AccountId } from './ids';

/**
 * What of a seller's cached data is kept on the device (docs/architecture.md#offline): the
 * storage tree, the item list, the preferences and the plan, each one cache entry (the item list
 * kept row by row: rowIdField), so the inventory, Products and Bulk Scan open offline. Nothing
 * else: no tokens, no eBay data, no logs. Pure, so the choice is unit-tested (tests/unit/domain/device-copy.test.ts).
 */
export function persistedQueryKeys(accountId: AccountId): ReadonlyArray<readonly string[]> {
  return [
    ['inventory', accountId, 'tree'],
    ['inventory', accountId, 'items'],
    ['preferences', accountId],
    ['subscription', accountId],
  ];
}

/**
 * The field that names each row of a persisted entry the device keeps row by row (a list too
 * big to write whole on every change: the 5000 items of an Elite seller are 2 MB), or null for
 * an entry kept whole (the tree, the preferences, the plan: small, and rarely changed).
 */
export function rowIdField(queryKey: readonly unknown[]): string | null {
  return queryKey.length === 3 && queryKey[0] === 'inventory' && queryKey[2] === 'items'
    ? 'item_id'
    : null;
}

/** The key a query's cache entry is stored under on the device. */
export function deviceCacheKey(queryKey: readonly unknown[]): string {
  return JSON.stringify(queryKey);
}

/** Whether a query's cache entry belongs in the device copy of this user's data. */
export function isPersistedQueryKey(queryKey: readonly unknown[], accountId: AccountId): boolean {
  if (!accountId) return false;
  const wanted = deviceCacheKey(queryKey);
  return persistedQueryKeys(accountId).some((key) => deviceCacheKey(key) === wanted);
}

/** One cache entry as stored on the device: the data and when it was read from the server. */
export interface DeviceCacheEntry<T = unknown> {
  queryKey: readonly unknown[];
  data: T;
  updatedAt: number;
}

/**
 * The head of an entry kept row by row (rowIdField): its rows and their order are stored beside
 * it, keyed by the entry's device key and each row's id.
 */
export interface DeviceRowsHead {
  queryKey: readonly unknown[];
  /** The field naming each row. */
  rowsBy: string;
  updatedAt: number;
}

export function isDeviceRowsHead(value: unknown, accountId: AccountId): value is DeviceRowsHead {
  if (typeof value !== 'object' || value === null) return false;
  const head = value as Partial<DeviceRowsHead>;
  return (
    Array.isArray(head.queryKey) &&
    isPersistedQueryKey(head.queryKey, accountId) &&
    typeof head.rowsBy === 'string' &&
    head.rowsBy === rowIdField(head.queryKey) &&
    typeof head.updatedAt === 'number'
  );
}

/** What the device holds of a list kept row by row: its ids in order, and each row by id. */
export interface RowsWritten {
  ids: readonly string[];
  rows: ReadonlyMap<string, unknown>;
}

/** The writes that bring the device's rows of one list from `before` to `rows`. */
export interface RowChanges {
  /** Rows new or changed since `before`. */
  put: Array<{ id: string; row: unknown }>;
  /** Ids no longer in the list. */
  remove: string[];
  /** The ids in order, when the order is not the one written (null: unchanged). */
  order: string[] | null;
  /** What the device holds once these writes are done: the next call's `before`. */
  written: RowsWritten;
}

function sameRow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => key in right && Object.is(left[key], right[key]));
}

/**
 * What to write of a list kept row by row, against what the device holds (`before`; null when
 * unknown: everything is written). A row is unchanged when it is the same object (react-query
 * keeps an unchanged row's identity across answers and patches) or has the same fields, so one
 * changed item writes one row, and the order only when an id was added, removed or moved.
 * Null when a row has no string id under `idField` (the list is then kept whole).
 */
export function diffRows(
  before: RowsWritten | null,
  list: readonly unknown[],
  idField: string,
): RowChanges | null {
  const ids: string[] = new Array<string>(list.length);
  const rows = new Map<string, unknown>();
  const put: Array<{ id: string; row: unknown }> = [];
  for (let index = 0; index < list.length; index += 1) {
    const row = list[index];
    const id =
      typeof row === 'object' && row !== null ? (row as Record<string, unknown>)[idField] : null;
    if (typeof id !== 'string') return null;
    ids[index] = id;
    const known = before?.rows.get(id);
    rows.set(id, row);
    if (!before || !before.rows.has(id) || !sameRow(known, row)) put.push({ id, row });
  }
  const remove = before ? [...before.rows.keys()].filter((id) => !rows.has(id)) : [];
  const sameOrder =
    before !== null &&
    before.ids.length === ids.length &&
    ids.every((id, index) => before.ids[index] === id);
  return { put, remove, order: sameOrder ? null : ids, written: { ids, rows } };
}

export function isDeviceCacheEntry(
  value: unknown,
  accountId: AccountId,
): value is DeviceCacheEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<DeviceCacheEntry>;
  return (
    Array.isArray(entry.queryKey) &&
    isPersistedQueryKey(entry.queryKey, accountId) &&
    entry.data !== undefined &&
    typeof entry.updatedAt === 'number'
  );
}

/**
 * The barcode search of docs/product.md#search over the items on the device, the way the server
 * answers it: an exact barcode (a scan) wins, otherwise name or barcode contains the text; newest
 * first, 10 at most. Used offline, when the server cannot be asked.
 */
export function searchDeviceItems<T extends SearchableItem>(
  items: readonly T[],
  query: string,
  limit: number = QUICK_SEARCH_LIMIT,
): T[] {
  const found = searchByBarcode(items, query);
  const time = (item: T) => {
    const ms = item.created_at ? Date.parse(item.created_at) : Number.NaN;
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...found].sort((a, b) => time(b) - time(a)).slice(0, Math.max(0, limit));
}
