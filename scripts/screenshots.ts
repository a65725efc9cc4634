import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ensureBuilt } from '../local/build.ts';
import { ROOT_DIR } from '../local/config.ts';
import { DEFAULT_JWT_SECRET, signApiKey } from '../local/keys.ts';
import { freePort } from '../local/ports.ts';
import { startTestStack } from '../local/test-stack.ts';
import { seedEliteSeller, type SeededSeller } from '../bench/seed-elite.ts';

/**
 * `npx tsx scripts/screenshots.ts`: the screens a change to the look is compared on, drawn on a
 * desktop (1366×768) and a touch tablet held both ways (1024×768, 768×1024) against a fresh stack and an Elite-sized
 * seller, into docs/screenshots (linked from the README).
 */
const OUT_DIR = path.join(ROOT_DIR, 'docs', 'screenshots');
const DEVICES = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, hasTouch: false },
  { name: 'tablet', viewport: { width: 1024, height: 768 }, hasTouch: true },
  { name: 'tablet-portrait', viewport: { width: 768, height: 1024 }, hasTouch: true },
] as const;

interface Shot {
  file: string;
  path: string;
  /** What must be on screen before the picture is taken. */
  ready: (page: Page) => Promise<unknown>;
  signedIn: boolean;
}

const SHOTS: Shot[] = [
  {
    file: 'landing',
    path: '/',
    signedIn: false,
    ready: (p) => p.getByTestId('home-page').waitFor(),
  },
  {
    file: 'pricing',
    path: '/pricing',
    signedIn: false,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    file: 'sign-in',
    path: '/login',
    signedIn: false,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    file: 'inventory',
    path: '/dashboard/inventory',
    signedIn: true,
    ready: (p) => p.getByTestId('inventory-ready').waitFor(),
  },
  {
    file: 'products',
    path: '/dashboard/products',
    signedIn: true,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    file: 'low-stock',
    path: '/dashboard/low-stock',
    signedIn: true,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    file: 'ebay-orders',
    path: '/dashboard/ebay-orders',
    signedIn: true,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    file: 'integrations',
    path: '/dashboard/integrations',
    signedIn: true,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    file: 'barcode-labels',
    path: '/dashboard/barcode-labels',
    signedIn: true,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    file: 'bulk-scan',
    path: '/dashboard/scan',
    signedIn: true,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    file: 'import',
    path: '/dashboard/import',
    signedIn: true,
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  // The seller alone in their account: one member row (the owner) and the seats the plan gives.
  {
    file: 'team',
    path: '/dashboard/team',
    signedIn: true,
    ready: (p) => p.getByTestId('team-seats').waitFor(),
  },
  {
    file: 'settings-appearance',
    path: '/dashboard/settings?tab=appearance',
    signedIn: true,
    ready: (p) => p.locator('[data-tab="appearance"]').waitFor(),
  },
];

async function signIn(page: Page, seller: SeededSeller): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(seller.email);
  await page.getByLabel(/password/i).fill(seller.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/dashboard/);
}

async function main(): Promise<void> {
  const apiPort = await freePort();
  const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-shots-dist-'));
  await ensureBuilt({
    distDir,
    env: {
      VITE_SUPABASE_URL: `http://127.0.0.1:${apiPort}`,
      VITE_SUPABASE_ANON_KEY: await signApiKey('anon', DEFAULT_JWT_SECRET),
    },
    log: console.log,
  });
  // Every sign-in comes from this machine: the per-address auth limits (on by default) are off.
  const stack = await startTestStack({
    apiPort,
    distDir,
    authRateLimits: { header: '', emailSent: 1000 },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const seller = await seedEliteSeller(stack.env);
    await fs.mkdir(OUT_DIR, { recursive: true });
    for (const device of DEVICES) {
      const context = await browser.newContext({
        baseURL: stack.env.APP_URL,
        viewport: device.viewport,
        hasTouch: device.hasTouch,
      });
      const page = await context.newPage();
      for (const shot of SHOTS.filter((s) => !s.signedIn)) {
        await page.goto(shot.path);
        await shot.ready(page);
        await page.screenshot({ path: path.join(OUT_DIR, `${shot.file}-${device.name}.png`) });
      }
      await signIn(page, seller);
      for (const shot of SHOTS.filter((s) => s.signedIn)) {
        await page.goto(shot.path);
        await shot.ready(page);
        // Fonts, images and the screen's lazily drawn parts settle before the picture.
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(OUT_DIR, `${shot.file}-${device.name}.png`) });
      }
      await context.close();
      console.log(
        `${device.name}: ${SHOTS.length} screenshots in ${path.relative(ROOT_DIR, OUT_DIR)}`,
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
    await fs.rm(distDir, { recursive: true, force: true });
  }
}

await main();
