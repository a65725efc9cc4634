import fs from 'node:fs/promises';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { StackOptions } from '../local/config.ts';
import { startStack, type RunningStack } from '../local/stack.ts';
import { freePortStackOptions } from '../local/test-stack.ts';
import type { Figure } from './report.ts';

export function stackOptions(dataDir: string, fresh: boolean, distDir: string | null = null): Promise<StackOptions> {
  // Every sign-in comes from this machine: the per-address auth limits (on by default) are off.
  return freePortStackOptions(dataDir, { fresh, distDir, authRateLimits: { header: '', emailSent: 1000 } });
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

/** `total` GETs over `connections` keep-alive connections, sent from a separate process. */
function load(url: string, headers: Record<string, string>, connections: number, total: number) {
  return new Promise<{ rps: number; p95: number }>((resolve, reject) => {
    const worker = path.join(import.meta.dirname, 'load-worker.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', worker, JSON.stringify({ url, headers, connections, total })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as { rps: number; p95: number }) : reject(new Error(`load worker failed (${code})`))));
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
  const headers = { apikey: stack.env.SERVICE_ROLE_KEY, authorization: `Bearer ${stack.env.SERVICE_ROLE_KEY}` };
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
  await load(direct, headers, 50, 500);
  await load(gateway, headers, 50, 500);
  // Interleave runs so background load on the machine hits both sides alike.
  const runs = { direct: [] as number[], gateway: [] as number[], p95d: 0, p95g: 0 };
  for (let i = 0; i < 3; i++) {
    const d = await load(direct, headers, 50, 2000);
    const g = await load(gateway, headers, 50, 2000);
    runs.direct.push(d.rps);
    runs.gateway.push(g.rps);
    runs.p95d = d.p95;
    runs.p95g = g.p95;
  }
  const best = (xs: number[]) => Math.max(...xs);
  const overhead = best(runs.direct) / best(runs.gateway) - 1;
  return {
    name: 'gateway overhead (REST, 50 conns)',
    value: overhead * 100,
    unit: '%',
    against: `PostgREST direct ${best(runs.direct).toFixed(0)} req/s (p95 ${runs.p95d.toFixed(1)} ms) vs gateway ${best(runs.gateway).toFixed(0)} req/s (p95 ${runs.p95g.toFixed(1)} ms)`,
    budget: '< 20 %',
    ok: overhead < 0.2,
  };
}
