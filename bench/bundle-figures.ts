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

/** JS files (paths under dist) a page really loads, from the browser's own network log. */
async function loadedScripts(browser: Browser, url: string, distDir: string, before?: (page: import('@playwright/test').Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (before) await before(page);
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const pathname = new URL(res.url()).pathname;
    if (pathname.endsWith('.js')) scripts.add(path.join(distDir, pathname));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return [...scripts];
}

export async function bundleFigures(stack: RunningStack, distDir: string, browser: Browser, seller: SeededSeller): Promise<Figure[]> {
  const landing = await loadedScripts(browser, `${stack.env.APP_URL}/`, distDir);
  const dashboard = await loadedScripts(browser, `${stack.env.APP_URL}/dashboard/inventory`, distDir, (page) =>
    signIn(page, stack.env.APP_URL, seller),
  );
  const sum = (files: string[]) => files.reduce((total, f) => total + gzipKb(f), 0);
  const dashboardHasThree = dashboard.some((f) => readFileSync(f, 'utf8').includes(THREE_SIGNATURE));
  const assets = path.join(distDir, 'assets');
  const threeChunks = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(assets, f))
    .filter((f) => readFileSync(f, 'utf8').includes(THREE_SIGNATURE));

  // What the first paint waits for: the entry script and the modules index.html preloads.
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const critical = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => path.join(distDir, m[1]!));
  const figures: Figure[] = [
    {
      name: 'landing page JS before first paint (gzip)',
      value: sum(critical),
      unit: 'KB',
      against: `${critical.length} scripts in index.html; ${sum(landing).toFixed(0)} KB in all ${landing.length} scripts / loads by network idle (the rest fetched after paint)`,
      budget: '< 150 KB',
      ok: sum(critical) < 150,
    },
    {
      name: 'dashboard initial JS (gzip)',
      value: sum(dashboard),
      unit: 'KB',
      against: `${dashboard.length} scripts loaded by /dashboard/inventory; three.js among them: ${dashboardHasThree ? 'YES' : 'no'}`,
      budget: '< 350 KB, no three.js',
      ok: sum(dashboard) < 350 && !dashboardHasThree,
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
