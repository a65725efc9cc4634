import { createClient } from '@supabase/supabase-js';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import type { RunningStack } from '../local/stack.ts';
import { READY_PROBE, inventoryReady, signIn } from './browser-figures.ts';
import { median, type Figure } from './report.ts';
import { seedEliteSeller, type SeededSeller } from './seed-elite.ts';

/**
 * Photos (docs/product.md#photos): the inventory after a click from Settings, for 5000 items
 * that each have a photo, against the same stockroom without photos; and the time until the
 * thumbnails of the rows on screen have loaded. Every item gets a real 160 px WebP thumbnail (the
 * same bytes each time) uploaded through Storage, and its row in item_photos.
 */
const CLICKS = 5;
const UPLOADS_AT_ONCE = 16;

/** A 160 × 120 WebP and a 1600 × 1200 JPEG, drawn by the browser. */
async function sampleFiles(browser: Browser): Promise<{ thumb: Buffer; photo: Buffer }> {
  const page = await browser.newPage();
  try {
    // a string, not a function: the bench runs through tsx, whose helpers the page has not
    const [thumb, photo] = (await page.evaluate(`(async () => {
      const draw = async (w, h, type) => {
        const canvas = new OffscreenCanvas(w, h);
        const context = canvas.getContext('2d');
        context.fillStyle = '#2563eb';
        context.fillRect(0, 0, w, h);
        context.fillStyle = '#f59e0b';
        context.fillRect(w / 5, h / 5, (w * 3) / 5, (h * 3) / 5);
        const blob = await canvas.convertToBlob({ type, quality: 0.8 });
        return [...new Uint8Array(await blob.arrayBuffer())];
      };
      return [await draw(160, 120, 'image/webp'), await draw(1600, 1200, 'image/jpeg')];
    })()`)) as [number[], number[]];
    return { thumb: Buffer.from(thumb), photo: Buffer.from(photo) };
  } finally {
    await page.close();
  }
}

/** One photo for every item of the seller: both files through Storage, then the rows. */
async function addPhotos(stack: RunningStack, seller: SeededSeller, browser: Browser) {
  const files = await sampleFiles(browser);
  const admin = createClient(stack.env.API_URL, stack.env.SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const db = new pg.Client({ connectionString: stack.env.DB_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ item_id: string; photo_id: string }>(
      'select item_id, gen_random_uuid() as photo_id from public.storage_items where account_id = $1',
      [seller.accountId],
    );
    const bucket = admin.storage.from('item-photos');
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const folder = `${seller.accountId}/${row.item_id}/${row.photo_id}`;
        for (const [name, body, type] of [
          [`${folder}.jpg`, files.photo, 'image/jpeg'],
          [`${folder}-thumb.webp`, files.thumb, 'image/webp'],
        ] as const) {
          const { error } = await bucket.upload(name, body, { contentType: type });
          if (error) throw new Error(`upload ${name}: ${error.message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
    await db.query(
      `insert into public.item_photos (photo_id, account_id, item_id, object_name, thumb_name, width, height)
       select (r->>'photo_id')::uuid, $1::uuid, (r->>'item_id')::uuid,
              $1::text || '/' || (r->>'item_id') || '/' || (r->>'photo_id') || '.jpg',
              $1::text || '/' || (r->>'item_id') || '/' || (r->>'photo_id') || '-thumb.webp', 1600, 1200
         from jsonb_array_elements($2::jsonb) r`,
      [seller.accountId, JSON.stringify(rows)],
    );
    return rows.length;
  } finally {
    await db.end();
  }
}

async function openIdleSettings(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/dashboard/settings`);
  await page.getByTestId('settings-panel').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/** Click to inventory ready, and to the on-screen rows' thumbnails loaded (null: none shown). */
async function clickToInventory(page: Page, appUrl: string) {
  await openIdleSettings(page, appUrl);
  await page.evaluate(`document.querySelector('[data-testid="nav-inventory"]').addEventListener(
    'pointerdown', () => { window.__navigatedAt = performance.now(); }, { capture: true })`);
  const ready = inventoryReady(page);
  await page.getByTestId('nav-inventory').click();
  await ready;
  const readyMs = (await page.evaluate(
    'window.__inventoryReadyAt - window.__navigatedAt',
  )) as number;
  // the thumbnails of the rows in the window: each image decoded with its pixels
  const thumbsMs = (await page.evaluate(`new Promise((resolve) => {
    const started = performance.now();
    const check = () => {
      const shown = [...document.querySelectorAll('[data-testid="item"]')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      });
      const images = shown.map((row) => row.querySelector('[data-testid="item-thumb-img"]'));
      if (shown.length > 0 && images.every((img) => img && img.complete && img.naturalWidth > 0))
        resolve(performance.now() - window.__navigatedAt);
      else if (performance.now() - started > 30000) resolve(null);
      else requestAnimationFrame(check);
    };
    check();
  })`)) as number | null;
  return { readyMs, thumbsMs };
}

async function measure(stack: RunningStack, browser: Browser, seller: SeededSeller) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(READY_PROBE);
  const page = await context.newPage();
  try {
    await signIn(page, stack.env.APP_URL, seller);
    await clickToInventory(page, stack.env.APP_URL); // loads the screen's code once
    const runs = [];
    for (let i = 0; i < CLICKS; i++) runs.push(await clickToInventory(page, stack.env.APP_URL));
    const thumbs = runs.map((r) => r.thumbsMs).filter((t): t is number => t !== null);
    return {
      ready: median(runs.map((r) => r.readyMs)),
      thumbs: thumbs.length === runs.length ? median(thumbs) : Number.NaN,
    };
  } finally {
    await context.close();
  }
}

export async function photoFigures(stack: RunningStack, browser: Browser): Promise<Figure[]> {
  const plain = await seedEliteSeller(stack.env);
  const withPhotos = await seedEliteSeller(stack.env);
  const started = performance.now();
  const count = await addPhotos(stack, withPhotos, browser);
  console.log(
    `photos: ${count} items given a photo in ${Math.round(performance.now() - started)} ms`,
  );
  const without = await measure(stack, browser, plain);
  const withThumbs = await measure(stack, browser, withPhotos);
  const extra = withThumbs.ready - without.ready;
  return [
    {
      name: 'inventory ready after a click, 5000 items with photos',
      value: Math.round(withThumbs.ready),
      unit: 'ms',
      against: `${Math.round(without.ready)} ms without photos (+${Math.round(extra)} ms)`,
      budget: '≤ 1.25 × without',
      ok: withThumbs.ready <= without.ready * 1.25,
    },
    {
      name: 'thumbnails of the rows on screen loaded after a click',
      value: Math.round(withThumbs.thumbs),
      unit: 'ms',
      against: `inventory ready at ${Math.round(withThumbs.ready)} ms`,
      budget: '≤ ready + 1000 ms',
      ok: withThumbs.thumbs <= withThumbs.ready + 1000,
    },
  ];
}
