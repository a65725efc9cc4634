import type { Page } from '@playwright/test';

/**
 * The items of a device copy in their order, as an offline reload reads them, or null when it
 * holds none. The list is kept row by row (src/data/offline/device-db.ts, version 2): its head
 * in `cache`, each row in `rows` under [entry key, item id], the ids in order in `order`.
 */
export function deviceItemRows<T>(
  page: Page,
  dbName: string,
  entryKey: string,
): Promise<T[] | null> {
  return page.evaluate(
    ({ name, key }) =>
      new Promise<T[] | null>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const stores = ['cache', 'rows', 'order'];
          if (!stores.every((store) => db.objectStoreNames.contains(store))) {
            db.close();
            return resolve(null);
          }
          const tx = db.transaction(stores);
          const head = tx.objectStore('cache').get(key);
          const rows = tx.objectStore('rows').getAll(IDBKeyRange.bound([key], [key, []]));
          const order = tx.objectStore('order').get(key);
          tx.oncomplete = () => {
            db.close();
            const value = head.result as { data?: T[]; rowsBy?: string } | undefined;
            if (Array.isArray(value?.data)) return resolve(value.data);
            if (!value?.rowsBy || !Array.isArray(order.result)) return resolve(null);
            const by = value.rowsBy;
            const byId = new Map(
              (rows.result as T[]).map((row) => [(row as Record<string, unknown>)[by], row]),
            );
            resolve(
              (order.result as string[]).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
            );
          };
          tx.onerror = () => resolve(null);
        };
      }),
    { name: dbName, key: entryKey },
  );
}
