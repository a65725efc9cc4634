import '../local/node-websocket.ts';
import { chromium, type Browser, type Page, type Request } from '@playwright/test';
import type { RunningStack } from '../local/stack.ts';
import { median, type Figure } from './report.ts';
import type { SeededSeller } from './seed-elite.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function signIn(page: Page, appUrl: string, seller: SeededSeller): Promise<void> {
  await page.goto(`${appUrl}/login`);
  await page.getByLabel(/e-?mail/i).fill(seller.email);
  await page.getByLabel(/password/i).fill(seller.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL(/\/dashboard/);
}

interface CapturedRequest {
  url: string;
  headers: Record<string, string>;
}

const READY_MESSAGE = 'stockroom-bench: inventory ready';

// Installed before the app's scripts on every page load: notes the time the inventory is on
// screen, inside the page. The element appearing is taken at once by a MutationObserver, then
// the figure waits for the frame that paints it (a frame, then the task after it). Reading the
// clock after Playwright's own wait would add its polling interval (up to 500 ms) to the figure.
// The probe says so on the console, which Playwright hears without running anything in the page
// (polling would put its own scripts on the main thread while the inventory is being drawn).
export const READY_PROBE = `(() => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="inventory-ready"]')) return;
    observer.disconnect();
    window.__inventoryDrawnAt = performance.now();
    requestAnimationFrame(() => setTimeout(() => {
      window.__inventoryReadyAt = performance.now();
      console.debug('${READY_MESSAGE}');
    }, 0));
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-testid'] });
})()`;

/** Resolves when the probe reports the inventory on screen. Ask for it before acting. */
export function inventoryReady(page: Page): Promise<unknown> {
  return page.waitForEvent('console', {
    predicate: (message) => message.text() === READY_MESSAGE,
    timeout: 60_000,
  });
}

/** Records the page's GET reads whose address `wanted` accepts (REST by default) until the returned stop is called. */
function recordReads(
  page: Page,
  into: CapturedRequest[],
  wanted: (url: string) => boolean = (url) => url.includes('/rest/v1/'),
): () => void {
  const onRequest = (req: Request) => {
    if (req.method() === 'GET' && wanted(req.url()))
      into.push({ url: req.url(), headers: req.headers() });
  };
  page.on('request', onRequest);
  return () => page.off('request', onRequest);
}

/** Each address once: the app asks again for some reads, a raw replay needs each only once. */
const distinct = (requests: CapturedRequest[]) => [
  ...new Map(requests.map((r) => [r.url, r])).values(),
];

// Enough runs for a median that holds still on a small machine whose speed drifts run to run.
const NAVIGATIONS = 11;
const PAGE_LOADS = 7;

/** The Settings screen, loaded and with nothing more to fetch: a page sitting idle. */
async function openIdleSettings(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/dashboard/settings`);
  await page.getByTestId('settings-panel').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/** Time from navigation start to the inventory being usable, measured inside the page. */
async function timeDashboard(page: Page, appUrl: string, capture: CapturedRequest[] = []) {
  const stopRecording = recordReads(page, capture);
  const ready = inventoryReady(page);
  await page.goto(`${appUrl}/dashboard/inventory`);
  await ready;
  const phases = (await page.evaluate(`(() => {
    const ready = window.__inventoryReadyAt;
    // The reads it waited for: those answered before the inventory was put in the page.
    const rest = performance.getEntriesByType('resource').filter((e) => e.name.includes('/rest/v1/') && e.responseEnd < window.__inventoryDrawnAt);
    return {
      ready,
      firstRequest: Math.min(...rest.map((e) => e.startTime)),
      lastResponse: Math.max(...rest.map((e) => e.responseEnd)),
    };
  })()`)) as { ready: number; firstRequest: number; lastResponse: number };
  stopRecording();
  return phases;
}

/**
 * In-app navigation: the app is open on another screen (Settings, opened by a page load, so
 * nothing of the inventory is cached) and the seller clicks Inventory in the side bar. Timed in
 * the page from the press on it to the inventory painted; `capture` gets the REST reads it caused.
 */
async function timeNavigation(
  page: Page,
  appUrl: string,
  capture: CapturedRequest[],
  beforeClick?: () => Promise<void>,
) {
  await openIdleSettings(page, appUrl);
  if (beforeClick) {
    await beforeClick();
    await openIdleSettings(page, appUrl); // a fresh page again: nothing left of what was sent
  }
  // From the press, not the click: the app starts its requests as the button goes down.
  await page.evaluate(`document.querySelector('[data-testid="nav-inventory"]').addEventListener(
    'pointerdown', () => { window.__navigatedAt = performance.now(); }, { capture: true })`);
  const stopRecording = recordReads(page, capture);
  const ready = inventoryReady(page);
  await page.getByTestId('nav-inventory').click();
  await ready;
  stopRecording();
  return (await page.evaluate(`(() => {
    const from = window.__navigatedAt;
    const rest = performance.getEntriesByType('resource').filter((e) => e.name.includes('/rest/v1/') && e.startTime >= from && e.responseEnd < window.__inventoryDrawnAt);
    const lastResponse = Math.max(from, ...rest.map((e) => e.responseEnd));
    return { ready: window.__inventoryReadyAt - from, requests: lastResponse - from, drawing: window.__inventoryReadyAt - lastResponse };
  })()`)) as { ready: number; requests: number; drawing: number };
}

/** The same REST reads the dashboard made, sent straight from Node at once: the raw cost. */
async function timeRawFetch(requests: CapturedRequest[]): Promise<number> {
  const started = performance.now();
  await Promise.all(
    requests.map(async (r) => {
      const res = await fetch(r.url, { headers: r.headers });
      if (!res.ok) throw new Error(`HTTP ${res.status} for ${r.url}`);
      await res.json(); // the rows, as the page gets them: parsed
    }),
  );
  return performance.now() - started;
}

// The same reads sent by the page itself with plain fetch() and JSON parsed, no app around
// them: what this browser, on this machine, needs for the data alone.
const PAGE_RAW_FETCH = `async (requests) => {
  const started = performance.now();
  await Promise.all(requests.map(async (r) => {
    const res = await fetch(r.url, { headers: r.headers });
    if (!res.ok) throw new Error('HTTP ' + res.status + ' for ' + r.url);
    await res.json();
  }));
  return performance.now() - started;
}`;
const PASSED_HEADERS = new Set([
  'apikey',
  'authorization',
  'accept',
  'accept-profile',
  'prefer',
  'range',
  'x-client-info',
]);

async function timeRawFetchInPage(page: Page, requests: CapturedRequest[]): Promise<number> {
  const sent = requests.map((r) => ({
    url: r.url,
    headers: Object.fromEntries(
      Object.entries(r.headers).filter(([name]) => PASSED_HEADERS.has(name)),
    ),
  }));
  const fn = await page.evaluateHandle(`(${PAGE_RAW_FETCH})`);
  const ms = (await fn.evaluate(
    (f: unknown, args) => (f as (a: typeof sent) => Promise<number>)(args),
    sent,
  )) as number;
  await fn.dispose();
  return ms;
}

/**
 * The same reads sent raw before each timed run, from Node and from the page with plain fetch;
 * `send` takes one of each, `medians` gives the baselines.
 */
function rawBaselines(page: Page, requests: CapturedRequest[]) {
  const fromNode: number[] = [];
  const fromPage: number[] = [];
  return {
    async send(): Promise<void> {
      fromNode.push(await timeRawFetch(requests));
      fromPage.push(await timeRawFetchInPage(page, requests));
    },
    medians: () => ({ node: median(fromNode), page: median(fromPage) }),
  };
}

// Sent to the page as source text: tsx would wrap named functions in a helper the page lacks.
const TYPE_AND_WAIT = `async ([value, wanted]) => {
  const input = document.querySelector('[data-testid="item-search-input"]');
  if (!input) throw new Error('no search input');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const started = performance.now();
  setValue.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return new Promise((resolve, reject) => {
    const check = () => {
      const results = document.querySelector('[data-testid="item-search-results"]');
      if (results && results.textContent.includes(wanted)) resolve(performance.now() - started);
      else if (performance.now() - started > 5000) reject(new Error('no result for ' + value));
      else requestAnimationFrame(check);
    };
    check();
  });
}`;

/** Types into the search box and waits, inside the page, for the text to show in the results. */
async function typeAndWait(page: Page, text: string, expected: string): Promise<number> {
  const fn = await page.evaluateHandle(`(${TYPE_AND_WAIT})`);
  const ms = (await fn.evaluate(
    (f: unknown, args) => (f as (a: readonly string[]) => Promise<number>)(args),
    [text, expected] as const,
  )) as number;
  await fn.dispose();
  return ms;
}

export async function dashboardFigures(
  stack: RunningStack,
  seller: SeededSeller,
  browser: Browser,
): Promise<Figure[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(READY_PROBE);
  const page = await context.newPage();
  await signIn(page, stack.env.APP_URL, seller);

  // Full page load (address typed, or a reload): boot, requests, render. The first load warms
  // the HTTP cache for the code and shows which reads a load makes; before each later one those
  // reads are sent raw (from Node, and from an idle page of the app with plain fetch).
  const captured: CapturedRequest[] = [];
  await timeDashboard(page, stack.env.APP_URL, captured);
  const unique = distinct(captured);
  const runs: Array<{ ready: number; firstRequest: number; lastResponse: number }> = [];
  const loadRaw = rawBaselines(page, unique);
  for (let i = 0; i < PAGE_LOADS; i++) {
    await openIdleSettings(page, stack.env.APP_URL);
    await loadRaw.send();
    runs.push(await timeDashboard(page, stack.env.APP_URL));
  }
  // Where the time goes: boot (code, session) until the first REST request, the requests, then
  // drawing and painting until the inventory is usable.
  const boot = median(runs.map((r) => r.firstRequest));
  const data = median(runs.map((r) => r.lastResponse - r.firstRequest));
  const render = median(runs.map((r) => r.ready - r.lastResponse));
  const ready = median(runs.map((r) => r.ready));
  const { node: raw, page: pageRaw } = loadRaw.medians();

  // In-app navigation from another screen, the inventory's data not yet loaded. The first click
  // also loads the screen's code and shows which reads a click makes; each later click comes
  // right after those reads were sent raw, from Node and from the Settings page itself, so the
  // app and its raw baseline are measured in the same moments of a machine whose speed drifts,
  // and each while the page sits idle.
  const navRequests: CapturedRequest[] = [];
  await timeNavigation(page, stack.env.APP_URL, navRequests);
  const navUnique = distinct(navRequests);
  const navRuns: Array<{ ready: number; requests: number; drawing: number }> = [];
  const navRawBaselines = rawBaselines(page, navUnique);
  for (let i = 0; i < NAVIGATIONS; i++) {
    // Sent while the Settings page sits idle, as the click then is.
    navRuns.push(await timeNavigation(page, stack.env.APP_URL, [], navRawBaselines.send));
  }
  const nav = median(navRuns.map((r) => r.ready));
  const navData = median(navRuns.map((r) => r.requests));
  const navDrawing = median(navRuns.map((r) => r.drawing));
  const { node: navRaw, page: navPageRaw } = navRawBaselines.medians();
  await page.goto(`${stack.env.APP_URL}/dashboard/inventory`);
  await page.getByTestId('inventory-ready').waitFor({ timeout: 60_000 });

  // Typing in search: from the input event to the hit on screen, timed in the page.
  const searchTimes: number[] = [];
  for (const term of ['Item 4321', 'Item 17 ', 'Item 2500', 'Item 999 ', 'Item 3003']) {
    searchTimes.push(await typeAndWait(page, term, term.trim()));
  }

  // Barcode search runs on the server: time it on screen, and replay the app's own requests raw.
  await page.getByTestId('search-mode-barcode').check();
  const searchRequests: CapturedRequest[] = [];
  const stopRecordingSearch = recordReads(
    page,
    searchRequests,
    (url) => url.includes('/rest/v1/storage_items') && url.includes('barcode'),
  );
  const barcodeScreenTimes: number[] = [];
  // Seeded item g has barcode 200000000000 + g and a name starting 'Item g '.
  for (const g of [4321, 17, 2500]) {
    const answered = page.waitForResponse(
      (res) => res.url().includes('/rest/v1/storage_items') && res.url().includes('barcode'),
    );
    barcodeScreenTimes.push(await typeAndWait(page, String(200_000_000_000 + g), `Item ${g} `));
    await answered; // the server's answer replaces the local one after a short debounce
  }
  if (searchRequests.length === 0) throw new Error('the barcode search made no server request');
  stopRecordingSearch();
  await context.close();
  const barcodeServerTimes: number[] = [];
  for (let i = 0; i < 5; i++) barcodeServerTimes.push(await timeRawFetch(searchRequests.slice(-2)));
  const barcode = median(barcodeServerTimes);
  const barcodeScreen = median(barcodeScreenTimes);

  const search = median(searchTimes);
  return [
    // Held (issue #37) against the same reads sent by the browser itself, all at once, JSON
    // parsed (plain fetch from an idle page of the app): what this browser needs for the data
    // alone. The same reads sent raw from Node come back sooner (no network process, no six
    // connections per server) and are given beside it, as the data's own cost.
    {
      name: 'dashboard ready, navigating to the inventory in the app',
      value: nav,
      unit: 'ms',
      against: `the same ${navUnique.length} reads fetched raw by the page with plain fetch ${navPageRaw.toFixed(0)} ms (ratio ${(nav / navPageRaw).toFixed(2)}x), from Node ${navRaw.toFixed(0)} ms (ratio ${(nav / navRaw).toFixed(2)}x); medians of ${NAVIGATIONS} clicks on Inventory from Settings, each after its raw fetches, press to painted: requests ${navData.toFixed(0)} ms, drawing and painting ${navDrawing.toFixed(0)} ms`,
      // Issue #37: within 2x of what the page itself needs for the same reads.
      budget: "<= 2x the page's raw fetch and < 1500 ms",
      ok: nav < 1500 && nav <= 2 * navPageRaw,
    },
    {
      name: 'dashboard ready, page load of /dashboard/inventory',
      value: ready,
      unit: 'ms',
      against: `the same ${unique.length} reads fetched raw by the page with plain fetch ${pageRaw.toFixed(0)} ms (ratio ${(ready / pageRaw).toFixed(2)}x), from Node ${raw.toFixed(0)} ms (ratio ${(ready / raw).toFixed(2)}x); medians of ${PAGE_LOADS} loads, each after its raw fetches: boot ${boot.toFixed(0)} ms, requests ${data.toFixed(0)} ms, drawing and painting ${render.toFixed(0)} ms`,
      // Issue #37: a page load also boots the app, so it is held to 2.5x the in-page raw fetch.
      budget: '<= 2.5x in-page raw and < 1500 ms',
      ok: ready < 1500 && ready <= 2.5 * pageRaw,
    },
    {
      name: 'quick search, typing to results on screen',
      value: search,
      unit: 'ms',
      against: 'median of 5 searches over 5000 loaded items',
      budget: '< 100 ms',
      ok: search < 100,
    },
    {
      name: 'barcode search, typing to results on screen',
      value: barcodeScreen,
      unit: 'ms',
      against: `server time of its requests (exact code and contains, nested location names) ${barcode.toFixed(1)} ms`,
      budget: '< 100 ms',
      ok: barcodeScreen < 100,
    },
  ];
}
