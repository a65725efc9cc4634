/**
 * The device's copy of a stockroom: one IndexedDB database per signed-in USER and ACCOUNT they
 * act on, so another user on the same browser never opens the first one's data, and sign-out
 * deletes every one of the user's copies. The names keep the format they had before accounts
 * had members, so copies and queues made then are still found: `stockroom-device-<userId>` for
 * an account whose id is the user's (a seller's own account from before the account model),
 * `stockroom-device-<userId>-<accountId>` for every other account (one they are a member of, or
 * their own account made at a sign-up since). Renaming them would orphan a waiting queue.
 *
 * Callers name the ACCOUNT (`accountId`, the stockroom's scope, as in query keys); the signed-in
 * user (`userId`) is set once by setDeviceUser (the account provider and the page's start).
 *
 * Object stores:
 * - `cache`: key → value (the persisted query cache entries; see offline/device-cache.ts): a
 *   whole entry, or the head of a list kept row by row (domain/device-copy.ts, rowIdField).
 * - `rows` (version 2): [entry key, row id] → one row of a list kept row by row.
 * - `order` (version 2): entry key → that list's row ids in order.
 * - `outbox`: ordered entries (an auto-incremented key unless the caller gives one); values are
 *   plain objects, a queued photo's with its two Blobs. `getAll` returns them in key order.
 * Version 1 held every list whole in `cache`; such an entry is still read, and replaced by rows
 * at its next write, so an existing copy is not lost by the upgrade.
 *
 * Nothing here holds a token: callers store data rows and queued changes only.
 * No dependency: the browser's IndexedDB API wrapped in promises.
 */

import { personalAccountId, type AccountId, type UserId } from '../../domain/ids';

const DB_PREFIX = 'stockroom-device-';
const DB_VERSION = 2;

export type DeviceStoreName = 'cache' | 'outbox';

let deviceUser: UserId | null = null;

/** The signed-in user whose copies openDeviceDb opens (null: the account's id names it alone). */
export function setDeviceUser(userId: UserId | null): void {
  deviceUser = userId;
}

/** The database name of a user's device copy of one account. */
export function deviceDbName(accountId: AccountId, userId: UserId | null = deviceUser): string {
  return userId === null || accountId === personalAccountId(userId)
    ? `${DB_PREFIX}${accountId}`
    : `${DB_PREFIX}${userId}-${accountId}`;
}

/**
 * The names of the databases on this device, asked without opening any (opening creates one);
 * null where the browser cannot say (no indexedDB.databases()).
 */
export async function deviceDbNames(): Promise<ReadonlySet<string> | null> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return null;
  try {
    return new Set((await indexedDB.databases()).flatMap((db) => (db.name ? [db.name] : [])));
  } catch {
    return null;
  }
}

/** Whether the device surely holds no copy of the account (false where it cannot say). */
export function noDeviceCopy(names: ReadonlySet<string> | null, accountId: AccountId): boolean {
  return names !== null && !names.has(deviceDbName(accountId));
}

/** Whether a database name is one of ours (for clean-up of every user's copy). */
export function isDeviceDbName(name: string): boolean {
  return name.startsWith(DB_PREFIX);
}

export interface DeviceStore<V = unknown> {
  get(key: IDBValidKey): Promise<V | undefined>;
  /** Writes a value; for `outbox`, leave `key` out to get the next auto-incremented key back. */
  put(value: V, key?: IDBValidKey): Promise<IDBValidKey>;
  delete(key: IDBValidKey): Promise<void>;
  /** Every value in key order. */
  getAll(): Promise<V[]>;
  /** Every key in order (same order as getAll). */
  getAllKeys(): Promise<IDBValidKey[]>;
  /** Every entry, key and value, in key order. */
  entries(): Promise<Array<{ key: IDBValidKey; value: V }>>;
  clear(): Promise<void>;
}

/** One transaction's writes to the copy (the `cache`, `rows` and `order` stores). */
export interface CopyWrite {
  /** `cache` values: whole entries, or the heads of lists kept row by row. */
  put: Array<{ key: string; value: unknown }>;
  /** `cache` keys deleted, with any rows and order kept under them. */
  remove: string[];
  /** Lists whose rows are all written anew: their stored rows are deleted first. */
  clearRows: string[];
  rows: Array<{ entry: string; id: string; value: unknown }>;
  removeRows: Array<{ entry: string; id: string }>;
  order: Array<{ entry: string; ids: readonly string[] }>;
}

/** A `cache` value as read back, with the rows and order stored under its key. */
export interface CopyRead {
  key: IDBValidKey;
  value: unknown;
  /** Every row stored under the key (none for a whole entry). */
  rows: unknown[];
  /** The stored order, if any. */
  order: unknown;
}

/** Every row key of one list: [entry] sorts before [entry, id], and [entry, []] after them. */
function rowRange(entry: string): IDBKeyRange {
  return IDBKeyRange.bound([entry], [entry, []]);
}

export interface DeviceDb {
  /** The account whose stockroom this copy holds. */
  readonly accountId: AccountId;
  readonly name: string;
  store<V = unknown>(name: DeviceStoreName): DeviceStore<V>;
  readonly cache: DeviceStore;
  readonly outbox: DeviceStore;
  /** Writes to the copy in one transaction (all or nothing). */
  writeCopy(write: CopyWrite): Promise<void>;
  /** Every `cache` value with its rows and order, read in one transaction. */
  readCopy(): Promise<CopyRead[]>;
  close(): void;
}

function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

const openDbs = new Map<string, Promise<DeviceDb>>();

function wrap(db: IDBDatabase, accountId: AccountId): DeviceDb {
  function run<T>(
    storeName: DeviceStoreName,
    mode: IDBTransactionMode,
    action: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> {
    const tx = db.transaction(storeName, mode);
    const result = requestResult(action(tx.objectStore(storeName)));
    return Promise.all([result, transactionDone(tx)]).then(([value]) => value);
  }

  function store<V>(storeName: DeviceStoreName): DeviceStore<V> {
    return {
      get: (key) => run(storeName, 'readonly', (s) => s.get(key) as IDBRequest<V | undefined>),
      put: (value, key) =>
        run(storeName, 'readwrite', (s) => (key === undefined ? s.put(value) : s.put(value, key))),
      delete: (key) => run(storeName, 'readwrite', (s) => s.delete(key)).then(() => undefined),
      getAll: () => run(storeName, 'readonly', (s) => s.getAll() as IDBRequest<V[]>),
      getAllKeys: () => run(storeName, 'readonly', (s) => s.getAllKeys()),
      entries: async () => {
        const tx = db.transaction(storeName, 'readonly');
        const s = tx.objectStore(storeName);
        const [keys, values] = await Promise.all([
          requestResult(s.getAllKeys()),
          requestResult(s.getAll() as IDBRequest<V[]>),
          transactionDone(tx),
        ]);
        return keys.map((key, index) => ({ key, value: values[index] as V }));
      },
      clear: () => run(storeName, 'readwrite', (s) => s.clear()).then(() => undefined),
    };
  }

  return {
    accountId,
    name: db.name,
    store,
    cache: store('cache'),
    outbox: store('outbox'),
    writeCopy: (write) => {
      const tx = db.transaction(['cache', 'rows', 'order'], 'readwrite');
      const cache = tx.objectStore('cache');
      const rows = tx.objectStore('rows');
      const order = tx.objectStore('order');
      for (const key of write.remove) {
        cache.delete(key);
        rows.delete(rowRange(key));
        order.delete(key);
      }
      for (const entry of write.clearRows) rows.delete(rowRange(entry));
      for (const { entry, id } of write.removeRows) rows.delete([entry, id]);
      for (const { entry, id, value } of write.rows) rows.put(value, [entry, id]);
      for (const { entry, ids } of write.order) order.put(ids, entry);
      for (const { key, value } of write.put) cache.put(value, key);
      return transactionDone(tx);
    },
    readCopy: () => {
      const tx = db.transaction(['cache', 'rows', 'order'], 'readonly');
      const done = transactionDone(tx);
      const cache = tx.objectStore('cache');
      const keys = cache.getAllKeys();
      const values = cache.getAll();
      let found: CopyRead[] = [];
      values.onsuccess = () => {
        found = keys.result.map((key, index) => ({
          key,
          value: values.result[index],
          rows: [],
          order: undefined,
        }));
        // Rows and order only under string keys (every entry's device key is one).
        for (const entry of found) {
          if (typeof entry.key !== 'string') continue;
          const rows = tx.objectStore('rows').getAll(rowRange(entry.key));
          rows.onsuccess = () => (entry.rows = rows.result);
          const order = tx.objectStore('order').get(entry.key);
          order.onsuccess = () => (entry.order = order.result);
        }
      };
      return done.then(() => found);
    },
    close: () => {
      openDbs.delete(db.name);
      db.close();
    },
  };
}

/**
 * Opens (creating on first use) the signed-in user's device database of one account. The same
 * promise is shared by every caller until it is closed or deleted.
 */
export function openDeviceDb(accountId: AccountId): Promise<DeviceDb> {
  if (!accountId) return Promise.reject(new Error('openDeviceDb needs an account id'));
  if (!hasIndexedDb()) return Promise.reject(new Error('IndexedDB is not available'));
  const name = deviceDbName(accountId);
  const known = openDbs.get(name);
  if (known) return known;
  const opening = new Promise<DeviceDb>((resolve, reject) => {
    const request = indexedDB.open(name, DB_VERSION);
    // From version 1 only the stores of rows are added: its whole entries are read as they are.
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('cache')) db.createObjectStore('cache');
      if (!db.objectStoreNames.contains('outbox')) {
        db.createObjectStore('outbox', { autoIncrement: true });
      }
      if (!db.objectStoreNames.contains('rows')) db.createObjectStore('rows');
      if (!db.objectStoreNames.contains('order')) db.createObjectStore('order');
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting this user's database (sign-out there) must not be blocked by us.
      db.onversionchange = () => {
        openDbs.delete(name);
        db.close();
      };
      resolve(wrap(db, accountId));
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => reject(new Error('IndexedDB open blocked'));
  });
  openDbs.set(name, opening);
  opening.catch(() => openDbs.delete(name));
  return opening;
}

/** Deletes one database by name. Resolves even when absent. */
async function deleteDbNamed(name: string): Promise<void> {
  const known = openDbs.get(name);
  openDbs.delete(name);
  if (known) {
    try {
      (await known).close();
    } catch {
      // It never opened: nothing to close.
    }
  }
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB delete failed'));
    // Blocked: another tab still holds it open; it closes on versionchange and the delete
    // then completes. Do not wait for it here.
    request.onblocked = () => resolve();
  });
}

/**
 * The copy of an account's stockroom that its user may no longer see (removed from the
 * account): deleted whole, its queue too, since the server refuses what waits there.
 */
export async function deleteAccountCopy(userId: UserId, accountId: AccountId): Promise<void> {
  if (!hasIndexedDb()) return;
  await deleteDbNamed(deviceDbName(accountId, userId));
}

/**
 * Deletes every device database of one user (sign-out, session ended): their own account's and
 * those of the accounts they are a member of. Resolves even when absent.
 */
export async function deleteDeviceDb(userId: UserId): Promise<void> {
  if (!hasIndexedDb() || !userId) return;
  const names = new Set<string>([deviceDbName(personalAccountId(userId), userId)]);
  const memberPrefix = `${DB_PREFIX}${userId}-`;
  for (const name of openDbs.keys()) if (name.startsWith(memberPrefix)) names.add(name);
  if (typeof indexedDB.databases === 'function') {
    try {
      for (const { name } of await indexedDB.databases())
        if (name?.startsWith(memberPrefix)) names.add(name);
    } catch {
      // Listing is optional: the copies this page opened are deleted all the same.
    }
  }
  await Promise.all([...names].map(deleteDbNamed));
}
