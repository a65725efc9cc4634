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

/** The seller's device copy: how many items it holds and its size as JSON, in bytes. */
function deviceCopy(page: Page, dbName: string): Promise<{ items: number; bytes: number }> {
  return page.evaluate(
    (name) =>
      new Promise<{ items: number; bytes: number }>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve({ items: -1, bytes: 0 });
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) return resolve({ items: -1, bytes: 0 });
          const all = db.transaction('cache').objectStore('cache').getAll();
          all.onsuccess = () => {
            db.close();
            let items = -1;
            let bytes = 0;
            for (const entry of all.result as Array<{ queryKey: unknown[]; data: unknown }>) {
              bytes += JSON.stringify(entry).length;
              if (entry.queryKey[2] === 'items' && Array.isArray(entry.data))
                items = entry.data.length;
            }
            resolve({ items, bytes });
          };
        };
      }),
    dbName,
  );
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
  const first = inventoryReady(page);
  await page.goto(`${stack.env.APP_URL}/dashboard/inventory`);
  await first;
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
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
    // Written a moment after the items load.
    let copy = await deviceCopy(page, deviceDbOf(seller));
    for (let i = 0; i < 50 && copy.items < 5000; i++) {
      await page.waitForTimeout(200);
      copy = await deviceCopy(page, deviceDbOf(seller));
    }
    if (copy.items < 5000) throw new Error(`the device copy holds ${copy.items} items, not 5000`);

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
