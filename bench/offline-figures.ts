import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { RunningStack } from '../local/stack.ts';
import { inventoryReady, READY_PROBE, signIn } from './browser-figures.ts';
import { median, type Figure } from './report.ts';
import { deviceDbOf, type SeededSeller } from './seed-elite.ts';

const RELOADS = 7;
/** The offline open may be no slower than this, whatever the online one does. */
const OFFLINE_BUDGET_MS = 2000;

/** Reloads the inventory and returns the time, in the page, until its rows are on screen. */
async function timeReload(page: Page): Promise<number> {
  const ready = inventoryReady(page);
  await page.reload();
  await ready;
  return (await page.evaluate('window.__inventoryReadyAt')) as number;
}

/**
 * The seller's device copy: how many items it holds and its size as JSON, in bytes. The items are
 * kept row by row (src/data/offline/device-db.ts, version 2): their head in `cache`, each row in
 * `rows`, their order in `order`; a copy written whole (version 1) holds them in `cache`.
 */
export function deviceCopy(page: Page, dbName: string): Promise<{ items: number; bytes: number }> {
  return page.evaluate(
    (name) =>
      new Promise<{ items: number; bytes: number }>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve({ items: -1, bytes: 0 });
        open.onsuccess = () => {
          const db = open.result;
          const stores = ['cache', 'rows', 'order'].filter((store) =>
            db.objectStoreNames.contains(store),
          );
          if (!stores.includes('cache')) {
            db.close();
            return resolve({ items: -1, bytes: 0 });
          }
          const tx = db.transaction(stores);
          // No function is named in here: tsx would wrap it in a helper the page does not have.
          const cache = tx.objectStore('cache').getAll();
          const rows = stores.includes('rows') ? tx.objectStore('rows').getAll() : null;
          const order = stores.includes('order') ? tx.objectStore('order').getAll() : null;
          tx.oncomplete = () => {
            db.close();
            let items = -1;
            let bytes = 0;
            for (const entry of cache.result as Array<{
              queryKey: unknown[];
              data?: unknown;
              rowsBy?: string;
            }>) {
              bytes += JSON.stringify(entry).length;
              if (entry.queryKey[2] !== 'items') continue;
              if (Array.isArray(entry.data)) items = entry.data.length;
              else if (entry.rowsBy) items = rows?.result.length ?? -1;
            }
            for (const row of rows?.result ?? []) bytes += JSON.stringify(row).length;
            for (const ids of order?.result ?? []) bytes += JSON.stringify(ids).length;
            resolve({ items, bytes });
          };
          tx.onerror = () => resolve({ items: -1, bytes: 0 });
          tx.onabort = () => resolve({ items: -1, bytes: 0 });
        };
      }),
    dbName,
  );
}

/** Rejects when `promise` takes longer than `ms`: a read in the page that never answers is a failure, not a hang. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Waits until the device copy holds `count` items (written a moment after they load). */
export async function deviceHoldsItems(
  page: Page,
  dbName: string,
  count: number,
): Promise<{ items: number; bytes: number }> {
  const read = () => within(30_000, 'reading the device copy', deviceCopy(page, dbName));
  let copy = await read();
  for (let i = 0; i < 100 && copy.items < count; i++) {
    await page.waitForTimeout(200);
    copy = await read();
  }
  if (copy.items < count)
    throw new Error(`the device copy holds ${copy.items} items, not ${count}`);
  return copy;
}

/**
 * Signs the seller in and opens the inventory once online, with the ready probe on every load
 * and the service worker installed: the state a tablet is in before it loses the connection.
 */
export async function openInstalledInventory(
  context: BrowserContext,
  stack: RunningStack,
  seller: SeededSeller,
): Promise<Page> {
  await context.addInitScript(READY_PROBE);
  const page = await context.newPage();
  await signIn(page, stack.env.APP_URL, seller);
  await page.goto(`${stack.env.APP_URL}/dashboard/inventory`);
  // The condition itself, not the probe's console message: nothing is timed here.
  await page.getByTestId('inventory-ready').waitFor({ timeout: 60_000 });
  await within(
    60_000,
    'the service worker',
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    }),
  );
  return page;
}

/**
 * `offline-open`: the Elite inventory (10 rooms, 100 units, 5000 items) opened by a reload with
 * no network, from the seller's copy on the device and the service worker's code, against the
 * same reload online (which also starts from the device copy and then asks the server).
 */
export async function offlineOpenFigures(
  stack: RunningStack,
  seller: SeededSeller,
  browser: Browser,
): Promise<Figure[]> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  try {
    const page = await openInstalledInventory(context, stack, seller);
    const copy = await deviceHoldsItems(page, deviceDbOf(seller), 5000);

    const online: number[] = [];
    for (let i = 0; i < RELOADS; i++) online.push(await timeReload(page));
    await context.setOffline(true);
    const offline: number[] = [];
    for (let i = 0; i < RELOADS; i++) offline.push(await timeReload(page));
    await context.setOffline(false);

    const onlineMs = median(online);
    const offlineMs = median(offline);
    const megabytes = copy.bytes / 2 ** 20;
    return [
      {
        name: 'offline open: Elite inventory, reload with no network',
        value: offlineMs,
        unit: 'ms',
        against: `the same reload online: ${onlineMs.toFixed(0)} ms`,
        budget: `<= ${OFFLINE_BUDGET_MS} ms`,
        ok: offlineMs <= OFFLINE_BUDGET_MS,
      },
      {
        name: 'offline open: device copy (tree, 5000 items, preferences, plan)',
        value: megabytes,
        unit: 'MB',
        against: `${copy.items} items as JSON`,
        budget: '-',
        ok: true,
      },
    ];
  } finally {
    await context.close();
  }
}
