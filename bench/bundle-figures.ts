import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import type { RunningStack } from '../local/stack.ts';
import { signIn } from './browser-figures.ts';
import type { Figure } from './report.ts';
import type { SeededSeller } from './seed-elite.ts';

const THREE_SIGNATURE = 'WebGLRenderer';

function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

/**
 * JS files (paths under dist) a page really loads, from the browser's own network log: those
 * loaded by the time its content (`ready`) shows, and all of them by network idle.
 */
async function loadedScripts(
  browser: Browser,
  url: string,
  distDir: string,
  ready: string,
  before?: (page: import('@playwright/test').Page) => Promise<void>,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (before) await before(page);
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const pathname = new URL(res.url()).pathname;
    if (pathname.endsWith('.js')) scripts.add(path.join(distDir, pathname));
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ state: 'visible' });
  const atReady = [...scripts];
  await page.waitForLoadState('networkidle');
  await context.close();
  return { atReady, all: [...scripts] };
}

export async function bundleFigures(
  stack: RunningStack,
  distDir: string,
  browser: Browser,
  seller: SeededSeller,
): Promise<Figure[]> {
  const landing = await loadedScripts(browser, `${stack.env.APP_URL}/`, distDir, 'main h1');
  const dashboard = (
    await loadedScripts(
      browser,
      `${stack.env.APP_URL}/dashboard/inventory`,
      distDir,
      '[data-testid="inventory-ready"]',
      (page) => signIn(page, stack.env.APP_URL, seller),
    )
  ).all;
  const sum = (files: string[]) => files.reduce((total, f) => total + gzipKb(f), 0);
  const dashboardHasThree = dashboard.some((f) =>
    readFileSync(f, 'utf8').includes(THREE_SIGNATURE),
  );
  const assets = path.join(distDir, 'assets');
  const threeChunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(assets, f))
    .filter((f) => readFileSync(f, 'utf8').includes(THREE_SIGNATURE));

  const figures: Figure[] = [
    {
      name: 'landing page JS (gzip)',
      value: sum(landing.all),
      unit: 'KB',
      against: `${landing.all.length} scripts loaded by / at network idle; ${sum(landing.all.filter((f) => path.basename(f).startsWith('supabase'))).toFixed(0)} KB of it supabase-js, imported on demand after the page renders`,
      budget: '< 150 KB',
      ok: sum(landing.all) < 150,
    },
    {
      name: 'dashboard initial JS (gzip)',
      value: sum(dashboard),
      unit: 'KB',
      against: `${dashboard.length} scripts loaded by /dashboard/inventory; three.js among them: ${dashboardHasThree ? 'YES' : 'no'}`,
      budget: '≤ 250 KB, no three.js',
      ok: sum(dashboard) <= 250 && !dashboardHasThree,
    },
  ];
  if (threeChunks.length > 0) {
    figures.push({
      name: '3D view chunk (gzip)',
      value: sum(threeChunks),
      unit: 'KB',
      against: `${threeChunks.length} lazily loaded chunk(s) containing three.js`,
      budget: 'loaded only when the 3D view opens',
      ok: !dashboardHasThree,
    });
  }
  return figures;
}
