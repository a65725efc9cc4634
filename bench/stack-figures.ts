import fs from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from '@playwright/test';
import { ROOT_DIR, type StackOptions } from '../local/config.ts';
import { readRunningStack, startStack, type RunningStack } from '../local/stack.ts';
import { freePortStackOptions } from '../local/test-stack.ts';
import { inventoryReady, READY_PROBE, signIn } from './browser-figures.ts';
import { processTree, totalMiB, treeMemory, type ProcessMemory } from './process-memory.ts';
import { median, type Figure } from './report.ts';
import { seedEliteSeller } from './seed-elite.ts';

export function stackOptions(
  dataDir: string,
  fresh: boolean,
  distDir: string | null = null,
): Promise<StackOptions> {
  // Every sign-in comes from this machine: the per-address auth limits (on by default) are off.
  return freePortStackOptions(dataDir, {
    fresh,
    distDir,
    authRateLimits: { header: '', emailSent: 1000 },
  });
}

/** Cold start (empty folder: initdb and every migration) and warm start of the whole stack. */
export async function startFigures(): Promise<Figure[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-bench-start-'));
  try {
    const cold = await startStack(await stackOptions(dataDir, true));
    await cold.stop();
    const warm = await startStack(await stackOptions(dataDir, false));
    await warm.stop();
    return [
      {
        name: 'stack cold start',
        value: cold.startMs,
        unit: 'ms',
        against: `fresh folder, initdb + ${cold.applied.length} migrations`,
        budget: '< 5000 ms',
        ok: cold.startMs < 5000,
      },
      {
        name: 'stack warm start',
        value: warm.startMs,
        unit: 'ms',
        against: 'existing data folder',
        budget: '< 5000 ms',
        ok: warm.startMs < 5000,
      },
    ];
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

interface Load {
  rps: number;
  p95: number;
}

/** Interleaved rounds of the gateway figure; odd, so the median is one round's ratio. */
const GATEWAY_ROUNDS = 7;

/** `total` GETs over `connections` keep-alive connections, sent from a separate process. */
function load(url: string, headers: Record<string, string>, connections: number, total: number) {
  return new Promise<Load>((resolve, reject) => {
    const worker = path.join(import.meta.dirname, 'load-worker.ts');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', worker, JSON.stringify({ url, headers, connections, total })],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as { rps: number; p95: number })
        : reject(new Error(`load worker failed (${code})`)),
    );
  });
}

/** The same PostgREST read through the gateway and directly, 50 concurrent connections. */
export async function gatewayFigure(stack: RunningStack): Promise<Figure> {
  const db = new pg.Client({ connectionString: stack.env.DB_URL });
  await db.connect();
  await db.query(`create table if not exists public.bench_rows as
      select g as id, md5(g::text) as note from generate_series(1, 50) g;
    alter table public.bench_rows enable row level security;
    notify pgrst, 'reload schema';`);
  await db.end();
  const headers = {
    apikey: stack.env.SERVICE_ROLE_KEY,
    authorization: `Bearer ${stack.env.SERVICE_ROLE_KEY}`,
  };
  const direct = `${stack.postgrestUrl}/bench_rows`;
  const gateway = `${stack.env.API_URL}/rest/v1/bench_rows`;
  for (let tries = 0; ; tries++) {
    try {
      await load(direct, headers, 1, 1);
      break;
    } catch (error) {
      if (tries > 50) throw error;
      await new Promise((r) => setTimeout(r, 100)); // schema cache reload after the DDL above
    }
  }
  // Warm-up: connections, PostgREST's schema cache and plan cache, the gateway's key cache, JIT.
  for (let i = 0; i < 2; i++) {
    await load(direct, headers, 50, 1000);
    await load(gateway, headers, 50, 1000);
  }
  // Rounds of one direct and one gateway run back to back, the order alternating, so a change in
  // the machine's load (other processes share its 2 cores) hits both sides of a round alike; the
  // figure is the median of the rounds' ratios, which one disturbed round does not move.
  const rounds: Array<{ direct: Load; gateway: Load; overhead: number }> = [];
  for (let i = 0; i < GATEWAY_ROUNDS; i++) {
    const [first, second] = i % 2 === 0 ? [direct, gateway] : [gateway, direct];
    const a = await load(first, headers, 50, 2000);
    const b = await load(second, headers, 50, 2000);
    const [d, g] = i % 2 === 0 ? [a, b] : [b, a];
    rounds.push({ direct: d, gateway: g, overhead: d.rps / g.rps - 1 });
  }
  const overhead = median(rounds.map((r) => r.overhead));
  const mid = (pick: (r: (typeof rounds)[number]) => number) => median(rounds.map(pick));
  const spread = rounds.map((r) => r.overhead * 100).sort((a, b) => a - b);
  return {
    name: 'gateway overhead (REST, 50 conns)',
    value: overhead * 100,
    unit: '%',
    against: `median of ${GATEWAY_ROUNDS} interleaved rounds of 2000 GETs each way after a warm-up (rounds ${spread[0]!.toFixed(1)} to ${spread.at(-1)!.toFixed(1)} %): PostgREST direct ${mid((r) => r.direct.rps).toFixed(0)} req/s (p95 ${mid((r) => r.direct.p95).toFixed(1)} ms) vs gateway ${mid((r) => r.gateway.rps).toFixed(0)} req/s (p95 ${mid((r) => r.gateway.p95).toFixed(1)} ms)`,
    budget: '< 20 %',
    ok: overhead < 0.2,
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readProcessName(pid: number): string {
  return treeMemory(pid)[0]?.name ?? '?';
}

/** The running stack's budget, all its processes together (issue #37). */
const STACK_MEMORY_BUDGET_MIB = 300;

/** "node 95, postgres ×12 81, postgrest 11": one tree's PSS by process name, largest first. */
function byName(rows: ProcessMemory[]): string {
  const groups = new Map<string, ProcessMemory[]>();
  for (const r of rows) groups.set(r.name, [...(groups.get(r.name) ?? []), r]);
  return [...groups]
    .map(([name, rs]) => ({ name, count: rs.length, mib: totalMiB(rs, 'pss') }))
    .sort((a, b) => b.mib - a.mib)
    .map((g) => `${g.name}${g.count > 1 ? ` ×${g.count}` : ''} ${g.mib.toFixed(0)}`)
    .join(', ');
}

function waitForOutput(
  child: ChildProcess,
  output: () => string,
  text: string,
  timeoutMs: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        done(
          new Error(
            `npm start did not print '${text}' in ${timeoutMs / 1000} s:\n${output().slice(-2000)}`,
          ),
        ),
      timeoutMs,
    );
    const check = () => {
      if (output().includes(text)) done();
    };
    const exited = (code: number | null) =>
      done(new Error(`npm start exited (${code}) before it was up:\n${output().slice(-2000)}`));
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', exited);
      if (error) reject(error);
      else resolve();
    };
    child.stdout?.on('data', check);
    child.on('exit', exited);
    check();
  });
}

/**
 * `npm start` as a seller runs it (building the app first if its sources changed, in a child
 * process), then the proportional resident memory (PSS: shared pages split among the processes
 * sharing them, so Postgres's shared buffers count once) of its whole process tree: npm, tsx,
 * the stack's Node process, Postgres and its backends, PostgREST. Once up with the demo seeded,
 * then again after the Elite seller's inventory was loaded once in the browser. Ended with
 * SIGINT, as Ctrl-C does, after which none of its processes may be left.
 */
export async function stackMemoryFigures(browser: Browser): Promise<Figure[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-bench-npm-start-'));
  const options = await stackOptions(dataDir, true);
  let output = '';
  const npm = spawn('npm', ['start'], {
    cwd: ROOT_DIR,
    // Its own process group, as a terminal gives it: SIGINT reaches npm and what it runs.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      STOCKROOM_DATA_DIR: dataDir,
      API_PORT: String(options.apiPort),
      APP_PORT: String(options.appPort),
      DB_PORT: String(options.dbPort),
      MAILBOX_PORT: String(options.mailboxPort),
      AUTH_ENABLE_CONFIRMATIONS: 'false',
      // Every sign-in comes from this machine: the per-address auth limits are off.
      AUTH_RATE_LIMIT_HEADER: '',
    },
  });
  npm.stdout.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  const pid = npm.pid!;
  try {
    await waitForOutput(npm, () => output, 'Ctrl-C stops everything.', 600_000);
    // Settle: the start's garbage collected, Postgres's background workers at rest.
    await new Promise((r) => setTimeout(r, 3000));
    const up = treeMemory(pid);
    const state = readRunningStack(dataDir);
    if (!state) throw new Error('npm start is up but wrote no stack.json');
    const seller = await seedEliteSeller(state);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await context.addInitScript(READY_PROBE);
      const page = await context.newPage();
      await signIn(page, state.APP_URL, seller);
      const ready = inventoryReady(page);
      await page.goto(`${state.APP_URL}/dashboard/inventory`);
      await ready;
    } finally {
      await context.close();
    }
    await new Promise((r) => setTimeout(r, 3000));
    const loaded = treeMemory(pid);
    const figure = (name: string, rows: ProcessMemory[], when: string): Figure => {
      const pss = totalMiB(rows, 'pss');
      return {
        name,
        value: pss,
        unit: 'MiB',
        against: `PSS of npm start's ${rows.length} processes ${when}: ${byName(rows)} (RSS summed, shared pages counted per process: ${totalMiB(rows, 'rss').toFixed(0)} MiB); before the build moved to a child process, 707 MB RSS after a build, 120 MB without`,
        budget: `< ${STACK_MEMORY_BUDGET_MIB} MiB`,
        ok: pss < STACK_MEMORY_BUDGET_MIB,
      };
    };
    return [
      figure('stack resident memory, up', up, 'up, demo seeded'),
      figure(
        'stack resident memory, Elite loaded',
        loaded,
        "after the Elite seller's inventory was loaded once",
      ),
    ];
  } finally {
    const tree = processTree(pid);
    try {
      process.kill(-pid, 'SIGINT');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
    // Its parts end in order after npm itself: give the last of them (a tsx esbuild service
    // whose pipe just closed, a Postgres backend) a moment before naming what is left.
    const alive = () => tree.filter(isRunning).length;
    for (let i = 0; i < 100 && alive() > 0; i++) await new Promise((r) => setTimeout(r, 100));
    const left = tree.filter(isRunning).map((p) => {
      const name = readProcessName(p);
      process.kill(p, 'SIGKILL');
      return `${p} ${name}`;
    });
    await fs.rm(dataDir, { recursive: true, force: true });
    if (left.length > 0)
      console.error(
        `npm start left ${left.length} processes running after SIGINT: ${left.join(', ')}`,
      );
  }
}
