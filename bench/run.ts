import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../local/build.ts';
import { ROOT_DIR } from '../local/config.ts';
import { readRunningStack, startStack } from '../local/stack.ts';
import { dashboardFigures, launchBrowser } from './browser-figures.ts';
import { bundleFigures } from './bundle-figures.ts';
import { firstPaintFigures } from './first-paint-figures.ts';
import { report, type Figure } from './report.ts';
import { liveSyncFigures } from './live-sync-figures.ts';
import { moveFigures } from './move-figures.ts';
import { offlineOpenFigures } from './offline-figures.ts';
import { offlineReplayFigures } from './offline-replay-figures.ts';
import { photoFigures } from './photo-figures.ts';
import { room3dFigures } from './room-3d-figures.ts';
import { seedEliteSeller } from './seed-elite.ts';
import { slowLineFigures } from './slow-line-figures.ts';
import { gatewayFigure, stackMemoryFigures, stackOptions, startFigures } from './stack-figures.ts';
import { transferFigures } from './transfer-figures.ts';
import { writePerformanceDocs } from './write-docs.ts';

const SECTIONS = ['start', 'gateway', 'move', 'dashboard', 'live-sync', 'bundle', 'first-paint', '3d', 'transfer', 'offline-open', 'offline-replay', 'slow-line', 'photos'] as const;
type SectionName = (typeof SECTIONS)[number];

/** `npm run bench -- live-sync first-paint` runs only the sections named; no names runs them all. */
function chosenSections(args: string[]): (name: SectionName) => boolean {
  const unknown = args.filter((a) => !(SECTIONS as readonly string[]).includes(a));
  if (unknown.length > 0) {
    throw new Error(`Unknown bench section(s): ${unknown.join(', ')}. Sections: ${SECTIONS.join(', ')}`);
  }
  return (name) => args.length === 0 || args.includes(name);
}

/**
 * `npm run bench`: a fresh stack, an Elite-sized seller (10 rooms, 100 units, 5000 items, two
 * years of logs), headless Chromium; every figure printed beside what it is measured against.
 */
/** A section that fails is reported as a miss with its reason; the others still run. */
async function section(name: string, figures: Figure[], run: () => Promise<Figure[]>): Promise<void> {
  try {
    figures.push(...(await run()));
  } catch (error) {
    const reason = ((error as Error).message.split('\n')[0] ?? '').slice(0, 160);
    console.error(`${name} failed:`, error);
    figures.push({ name, value: Number.NaN, unit: '', against: `not measured: ${reason}`, budget: '-', ok: false });
  }
}

/** The Postgres server's pid, for the live-sync figure's CPU reading. */
function readRunningPostgresPid(dataDir: string): number | null {
  return readRunningStack(dataDir)?.postgresPid ?? null;
}

async function main(): Promise<void> {
  const started = performance.now();
  const figures: Figure[] = [];
  const runs = chosenSections(process.argv.slice(2));

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-bench-'));
  const distDir = path.join(ROOT_DIR, '.local', 'bench-dist');
  const options = await stackOptions(dataDir, true, distDir);
  const { signApiKey, DEFAULT_JWT_SECRET } = await import('../local/keys.ts');
  await ensureBuilt({
    distDir,
    env: {
      VITE_SUPABASE_URL: `http://127.0.0.1:${options.apiPort}`,
      VITE_SUPABASE_ANON_KEY: await signApiKey('anon', DEFAULT_JWT_SECRET),
    },
    log: console.log,
  });
  const stack = await startStack(options);
  const browser = await launchBrowser();
  try {
    if (runs('gateway')) figures.push(await gatewayFigure(stack));
    const needsElite = (['move', 'dashboard', 'live-sync', 'bundle', 'offline-open', 'offline-replay', 'slow-line'] as const).some(runs);
    const elite = needsElite ? await seedEliteSeller(stack.env) : null;
    // Moves first, on a page nothing else has touched yet.
    if (elite && runs('move')) {
      await section('move by drag', figures, async () => {
        // A browser of its own: drags are the most timing-sensitive thing measured here.
        const own = await launchBrowser();
        try {
          return await moveFigures(stack, elite, own);
        } finally {
          await own.close();
        }
      });
    }
    if (elite && runs('dashboard')) figures.push(...(await dashboardFigures(stack, elite, browser)));
    if (elite && runs('live-sync')) {
      await section('live sync', figures, () => liveSyncFigures(stack, elite, browser, readRunningPostgresPid(options.dataDir)));
    }
    if (elite && runs('offline-open')) {
      await section('offline open', figures, () => offlineOpenFigures(stack, elite, browser));
    }
    if (elite && runs('offline-replay')) {
      await section('offline replay', figures, () => offlineReplayFigures(stack, elite, browser));
    }
    if (elite && runs('bundle')) figures.push(...(await bundleFigures(stack, distDir, browser, elite)));
    if (runs('first-paint')) await section('first paint', figures, () => firstPaintFigures(stack, browser));
    if (elite && runs('slow-line')) await section('slow line', figures, () => slowLineFigures(stack, browser, elite));
    if (runs('3d')) {
      // The 3D view at its hardest: one room holding all 100 units and 5000 items.
      const oneRoom = await seedEliteSeller(stack.env, { layout: { rooms: 1, islesPerRoom: 10, unitsPerIsle: 10, shelvesPerUnit: 5 } });
      figures.push(...(await room3dFigures(stack, oneRoom, browser)));
    }
    // Photos: two Elite stockrooms of their own, one with a photo on every item.
    if (runs('photos')) await section('photos', figures, () => photoFigures(stack, browser));
    if (runs('transfer')) {
      const importer = await seedEliteSeller(stack.env, { items: 0 });
      figures.push(...(await transferFigures(stack, importer, browser)));
    }
  } finally {
    await browser.close();
    await stack.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  // Start-up last: its throwaway stacks must not share the process with the measured one.
  if (runs('start')) {
    const start = await startFigures();
    // npm start as a seller runs it, its own stack and browser: the memory of the whole stack.
    await section('stack resident memory', start, async () => {
      const own = await launchBrowser();
      try {
        return await stackMemoryFigures(own);
      } finally {
        await own.close();
      }
    });
    figures.unshift(...start);
  }
  await report(figures);
  // A run of every section replaces the table in docs/performance.md; a run of some keeps it.
  if (process.argv.slice(2).length === 0) await writePerformanceDocs();
  console.log(`Bench took ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

/** What still holds this process open, one line each (handles that keep it running only). */
function openHandles(): string[] {
  const handles = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles();
  return handles
    .filter((h) => {
      const ref = h as { hasRef?: () => boolean; _handle?: { hasRef?: () => boolean } | null };
      return ref.hasRef?.() ?? ref._handle?.hasRef?.() ?? true;
    })
    .map((h) => {
      const any = h as Record<string, unknown>;
      const name = h.constructor.name;
      const fd = (any._handle as { fd?: number } | null | undefined)?.fd;
      // The process's own stdio never keep it running once the rest is done.
      if (fd !== undefined && fd >= 0 && fd <= 2) return null;
      if (name === 'Socket' || name === 'TLSSocket') {
        return `${name} to ${String(any.remoteAddress)}:${String(any.remotePort)}`;
      }
      if (name === 'ChildProcess') {
        return `child process ${String(any.spawnfile)} (pid ${String(any.pid)})`;
      }
      if (name === 'Timeout') {
        return `timer ${String(any._onTimeout).slice(0, 80).replace(/\s+/g, ' ')}`;
      }
      return name;
    })
    .filter((line): line is string => line !== null);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
// A section run ends by itself: whatever a section left holding the process (a socket, a timer,
// a child) is named a moment later, so it can be fixed, and the process exits anyway.
setTimeout(() => {
  const left = openHandles();
  if (left.length > 0) {
    console.error(`Left open after the bench, closed by exiting:\n  ${left.join('\n  ')}`);
  }
  process.exit();
}, 2000).unref();
