import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import type { RunningStack } from '../local/stack.ts';
import { inventoryReady, READY_PROBE, signIn } from './browser-figures.ts';
import type { Figure } from './report.ts';
import { deviceHoldsItems } from './offline-figures.ts';
import { deviceDbOf, ELITE, type SeededSeller } from './seed-elite.ts';

// The slow line: 400 ms round trips, 50 KB/s each way (a poor mobile connection).
const RTT_MS = 400;
const BYTES_PER_S = 50 * 1024;
const SLOW_LINE = {
  offline: false,
  latency: RTT_MS,
  downloadThroughput: BYTES_PER_S,
  uploadThroughput: BYTES_PER_S,
};
const PUBLIC_BUDGET_MS = 5000;
const INVENTORY_BUDGET_MS = 10_000;
const REPEAT_BUDGET_MS = 2000;
const TIMEOUT_MS = 90_000;

/** One request of a page load, from Chromium's own network events (CDP). */
interface Loaded {
  id: string;
  url: string;
  type: string;
  /** Milliseconds after the navigation started. */
  start: number;
  end: number | null;
  /** Bytes on the wire (headers and body as sent, compressed if the server compressed). */
  bytes: number;
  /** Answered by the service worker (from its cache, or its own fetch). */
  fromWorker: boolean;
}

/**
 * Records every request's start, end and size through CDP until read. A request's place in the
 * chain is one more than that of the request that finished last before it started: what it
 * waited to be discovered by (the page, the script that imports it), one round trip after another.
 */
function recordWaterfall(cdp: CDPSession) {
  const byId = new Map<string, Loaded>();
  let origin: number | null = null;
  cdp.on('Network.requestWillBeSent', (event) => {
    origin ??= event.timestamp;
    byId.set(event.requestId, {
      id: event.requestId,
      url: event.request.url,
      type: event.type ?? 'Other',
      start: (event.timestamp - origin) * 1000,
      end: null,
      bytes: 0,
      fromWorker: false,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = byId.get(event.requestId);
    if (request) request.fromWorker = event.response.fromServiceWorker === true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = byId.get(event.requestId);
    if (!request || origin === null) return;
    request.end = (event.timestamp - origin) * 1000;
    request.bytes = event.encodedDataLength;
  });
  return {
    /** The requests finished by `until` (ms after the navigation): count, bytes and chain depth. */
    summary(until: number) {
      const done = [...byId.values()].filter((r) => r.end !== null && r.end <= until);
      const depths = new Map<string, number>();
      const depth = (r: Loaded): number => {
        const known = depths.get(r.id);
        if (known !== undefined) return known;
        let before: Loaded | null = null;
        // Started strictly earlier as well: an instant answer (end = start) is not its own link.
        for (const q of done)
          if (q.start < r.start && q.end! <= r.start && (!before || q.end! > before.end!))
            before = q;
        const value = before ? 1 + depth(before) : 1;
        depths.set(r.id, value);
        return value;
      };
      const bytes = done.reduce((sum, r) => sum + r.bytes, 0);
      const chain = Math.max(0, ...done.map((r) => depth(r)));
      const scripts = done.filter((r) => r.type === 'Script');
      return {
        requests: done.length,
        fromWorker: done.filter((r) => r.fromWorker).length,
        scripts: scripts.length,
        bytes,
        chain,
        /** What no ordering of these requests beats: a round trip per link, the bytes at line speed. */
        floor: chain * RTT_MS + (bytes / BYTES_PER_S) * 1000,
        rows: done
          .sort((a, b) => a.start - b.start)
          .map(
            (r) =>
              `${Math.round(r.start)}..${Math.round(r.end ?? 0)} d${depth(r)} ${(r.bytes / 1024).toFixed(1)}K ${r.type} ${new URL(r.url).pathname}${new URL(r.url).search.slice(0, 60)}`,
          ),
      };
    },
  };
}

type Waterfall = ReturnType<ReturnType<typeof recordWaterfall>['summary']>;

/** A page of its own on the slow line; `cold`: nothing cached and no service worker. */
async function throttledPage(context: BrowserContext, cold: boolean) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (cold) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (cold) await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_LINE);
  return { page, cdp, waterfall: recordWaterfall(cdp) };
}

/**
 * Puts the service worker on the slow line too: the page's emulation does not cover the
 * worker's own fetches (the page load it answers from the network first). Through the browser's
 * CDP session, as Playwright gives none for workers; false if there is no worker to throttle.
 */
async function throttleServiceWorker(browser: Browser): Promise<boolean> {
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  const worker = targetInfos.find((t) => t.type === 'service_worker');
  if (!worker) return false;
  const { sessionId } = await session.send('Target.attachToTarget', {
    targetId: worker.targetId,
    flatten: false,
  });
  let id = 0;
  const send = (method: string, params: object) =>
    session.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: ++id, method, params }),
    });
  try {
    await send('Network.enable', {});
    await send('Network.emulateNetworkConditions', SLOW_LINE);
    return true;
  } catch {
    return false; // reported beside the figure
  }
}

/** Milliseconds after navigation start at which `usable` (run in the page) first held, checked every frame. */
async function timeUntil(page: Page, usable: string, at = 'performance.now()'): Promise<number> {
  try {
    const handle = await page.waitForFunction(`(${usable}) ? ${at} : false`, null, {
      polling: 'raf',
      timeout: TIMEOUT_MS,
    });
    return (await handle.jsonValue()) as number;
  } catch {
    return TIMEOUT_MS; // never usable: reported as the whole wait, a miss
  }
}

// Usable: the app (not the HTML's loading state) has rendered the page's content and controls
// with its stylesheet applied, so a click does what it says.
const LANDING_USABLE = `!document.querySelector('[data-testid="boot-screen"]')
  && document.querySelector('main h1')
  && document.querySelector('a[href="/signup"]')
  && getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)'
  && [...document.styleSheets].some((s) => s.href)`;
// Sign-in usable: the form rendered by the app, its button enabled, and the code that signs in
// (supabase-js, its own chunk, not a re-export of it) downloaded, so a click sends the request at once.
const LOGIN_USABLE = `!document.querySelector('[data-testid="boot-screen"]')
  && document.querySelector('input[type="password"]')
  && [...document.querySelectorAll('button[type="submit"]')].some((b) => !b.disabled)
  && [...document.styleSheets].some((s) => s.href)
  && performance.getEntriesByType('resource').some((e) => /\\/assets\\/supabase-[\\w-]{8}\\.js$/.test(e.name) && e.encodedBodySize > 10000)`;

/** The same page unthrottled, cold: what the line costs on top of the machine's own work. */
async function unthrottled(browser: Browser, url: string, usable: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    return await timeUntil(page, usable);
  } finally {
    await context.close();
  }
}

function describe(w: Waterfall, raw: number): string {
  return `${w.requests} requests (${w.scripts} scripts), ${(w.bytes / 1024).toFixed(0)} KB on the wire, chain ${w.chain} deep; floor ${(w.floor / 1000).toFixed(1)} s (${RTT_MS} ms x ${w.chain} + bytes at 50 KB/s); unthrottled ${Math.round(raw)} ms; 400 ms RTT, 50 KB/s, cold`;
}

function printWaterfall(name: string, w: Waterfall): void {
  if (!process.env.STOCKROOM_BENCH_WATERFALL) return;
  console.log(`\n${name}:\n  ${w.rows.join('\n  ')}`);
}

/** A cold first visit to a public page (`/` or `/login`), until it is usable. */
async function publicPage(
  browser: Browser,
  stack: RunningStack,
  route: string,
  usable: string,
): Promise<Figure> {
  const url = `${stack.env.APP_URL}${route}`;
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  let value: number;
  let waterfall: Waterfall;
  try {
    const { page, waterfall: recorder } = await throttledPage(context, true);
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    value = await timeUntil(page, usable);
    waterfall = recorder.summary(value);
    printWaterfall(route, waterfall);
  } finally {
    await context.close();
  }
  const raw = await unthrottled(browser, url, usable);
  return {
    name: `slow line: ${route} usable, first visit`,
    value: Math.round(value),
    unit: 'ms',
    against: describe(waterfall, raw),
    budget: `< ${PUBLIC_BUDGET_MS} ms`,
    ok: value < PUBLIC_BUDGET_MS,
  };
}

/** Moves the seller's session into a fresh context: a signed-in seller on a device with nothing cached. */
async function storedSession(browser: Browser, stack: RunningStack, seller: SeededSeller) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, stack.env.APP_URL, seller);
    // Signed in as the app leaves it: it remembers on the device which account the user acts
    // on as soon as my_accounts answers; a session copied before that is half a sign-in.
    await page.waitForFunction(() =>
      Object.keys(localStorage).some((key) => key.startsWith('stockroom.account.')),
    );
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * `slow-line`: a new seller on a poor connection (400 ms RTT, 50 KB/s both ways, Chromium's CDP
 * network emulation, which adds the round trip to every request and shares the bandwidth):
 * the landing page and sign-in usable on a cold first visit; the Elite seller (5000 items,
 * seeded by the bench) signed in on a device with nothing cached, the inventory's rows on
 * screen; then a repeat visit with the service worker installed.
 */
export async function slowLineFigures(
  stack: RunningStack,
  browser: Browser,
  seller: SeededSeller,
): Promise<Figure[]> {
  const figures: Figure[] = [
    await publicPage(browser, stack, '/', LANDING_USABLE),
    await publicPage(browser, stack, '/login', LOGIN_USABLE),
  ];
  const inventoryUrl = `${stack.env.APP_URL}/dashboard/inventory`;
  const session = await storedSession(browser, stack, seller);

  // Signed in, nothing cached: no code, no service worker, no copy of the stock on the device.
  {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      storageState: session,
    });
    await context.addInitScript(READY_PROBE);
    let value: number;
    let waterfall: Waterfall;
    try {
      const { page, waterfall: recorder } = await throttledPage(context, true);
      await page.goto(inventoryUrl, { waitUntil: 'commit', timeout: TIMEOUT_MS });
      value = await timeUntil(page, 'window.__inventoryReadyAt', 'window.__inventoryReadyAt');
      waterfall = recorder.summary(value);
      printWaterfall('/dashboard/inventory', waterfall);
    } finally {
      await context.close();
    }
    const rawContext = await browser.newContext({ storageState: session });
    let raw: number;
    try {
      await rawContext.addInitScript(READY_PROBE);
      const page = await rawContext.newPage();
      const ready = inventoryReady(page);
      await page.goto(inventoryUrl, { waitUntil: 'commit' });
      await ready;
      raw = (await page.evaluate('window.__inventoryReadyAt')) as number;
    } finally {
      await rawContext.close();
    }
    figures.push({
      name: 'slow line: inventory usable, signed in, first visit',
      value: Math.round(value),
      unit: 'ms',
      against: `the Elite seller (5000 items); ${describe(waterfall, raw)}`,
      budget: `< ${INVENTORY_BUDGET_MS} ms`,
      ok: value < INVENTORY_BUDGET_MS,
    });
  }

  // A repeat visit: the service worker installed and the device copy written by the visit before.
  {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      storageState: session,
      serviceWorkers: 'allow',
    });
    await context.addInitScript(READY_PROBE);
    try {
      const warm = await context.newPage();
      const first = inventoryReady(warm);
      await warm.goto(inventoryUrl);
      await first;
      await warm.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // A seller who has been here before: the whole list came and is kept on the device (the
      // first visit drew the room before it did).
      await deviceHoldsItems(warm, deviceDbOf(seller), ELITE.items);
      await warm.waitForLoadState('networkidle');
      await warm.close();
      const workerThrottled = await throttleServiceWorker(browser);
      const { page, waterfall: recorder } = await throttledPage(context, false);
      await page.goto(inventoryUrl, { waitUntil: 'commit', timeout: TIMEOUT_MS });
      const value = await timeUntil(page, 'window.__inventoryReadyAt', 'window.__inventoryReadyAt');
      const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
      const waterfall = recorder.summary(value);
      printWaterfall('repeat /dashboard/inventory', waterfall);
      figures.push({
        name: 'slow line: inventory usable, repeat visit',
        value: Math.round(value),
        unit: 'ms',
        against: `the Elite seller; service worker ${controlled ? 'in control' : 'NOT in control'} (its own fetches ${workerThrottled ? 'also' : 'NOT'} on the slow line); ${waterfall.requests} requests by then, ${waterfall.fromWorker} answered by the worker, ${(waterfall.bytes / 1024).toFixed(0)} KB from the network; 400 ms RTT, 50 KB/s`,
        budget: `< ${REPEAT_BUDGET_MS} ms`,
        ok: value < REPEAT_BUDGET_MS && controlled,
      });
    } finally {
      await context.close();
    }
  }
  return figures;
}
