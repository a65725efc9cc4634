import { searchByBarcode, QUICK_SEARCH_LIMIT, type SearchableItem } from './search';
import type { AccountId } from './ids';

/**
 * What of a seller's cached data is kept on the device (docs/architecture.md#offline): the
 * storage tree, the item list, the preferences and the plan, each one cache entry,
 * so the inventory, Products and Bulk Scan open offline. Nothing else: no tokens, no eBay data,
 * no logs. Pure, so the choice is unit-tested (tests/unit/domain/device-copy.test.ts).
 */
export function persistedQueryKeys(accountId: AccountId): ReadonlyArray<readonly string[]> {
  return [
    ['inventory', accountId, 'tree'],
    ['inventory', accountId, 'items'],
    ['preferences', accountId],
    ['subscription', accountId],
  ];
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
