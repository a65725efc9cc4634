import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR, type StackOptions } from '../local/config.ts';
import { DEFAULT_JWT_SECRET } from '../local/keys.ts';
import { freePort } from '../local/ports.ts';
import { startStack } from '../local/stack.ts';

/**
 * `npm run bench`: each figure beside what it is held against and its budget.
 * Results: a table on stdout and bench/results/latest.json.
 */

interface Figure {
  name: string;
  value: number;
  unit: string;
  against: string;
  budget: string;
  ok: boolean;
}

const figures: Figure[] = [];

async function options(dataDir: string, fresh: boolean): Promise<StackOptions> {
  return {
    dataDir,
    apiPort: await freePort(),
    appPort: await freePort(),
    dbPort: await freePort(),
    mailboxPort: await freePort(),
    jwtSecret: DEFAULT_JWT_SECRET,
    fresh,
    distDir: null,
    enableConfirmations: true,
    ephemeral: false,
    log: () => undefined,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** `total` GETs over `connections` concurrent keep-alive connections; returns requests per second. */
async function load(url: string, headers: Record<string, string>, connections: number, total: number) {
  const { Agent, request } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t = performance.now();
      const req = request(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode} from ${url}`));
          latencies.push(performance.now() - t);
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next++ < total) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: total / seconds, p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) };
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-bench-'));
  try {
    // Cold start: empty folder, initdb and every migration.
    const cold = await startStack(await options(dataDir, true));
    figures.push({
      name: 'stack cold start (fresh folder, migrations)',
      value: cold.startMs,
      unit: 'ms',
      against: `${cold.applied.length} migrations`,
      budget: '< 5000 ms',
      ok: cold.startMs < 5000,
    });
    await cold.stop();

    const warm = await startStack(await options(dataDir, false));
    figures.push({
      name: 'stack warm start',
      value: warm.startMs,
      unit: 'ms',
      against: 'existing data folder',
      budget: '< 5000 ms',
      ok: warm.startMs < 5000,
    });

    // Gateway overhead: the same PostgREST read through the gateway and directly, 50 connections.
    const db = new pg.Client({ connectionString: warm.env.DB_URL });
    await db.connect();
    await db.query(`create table public.bench_rows as select g as id, md5(g::text) as note from generate_series(1, 50) g;
      grant select on public.bench_rows to service_role; notify pgrst, 'reload schema';`);
    await db.end();
    await new Promise((r) => setTimeout(r, 500));
    const headers = { apikey: warm.env.SERVICE_ROLE_KEY, authorization: `Bearer ${warm.env.SERVICE_ROLE_KEY}` };
    await load(`${warm.postgrestUrl}/bench_rows`, headers, 50, 500); // warm both paths up
    await load(`${warm.env.API_URL}/rest/v1/bench_rows`, headers, 50, 500);
    const direct = await load(`${warm.postgrestUrl}/bench_rows`, headers, 50, 4000);
    const gateway = await load(`${warm.env.API_URL}/rest/v1/bench_rows`, headers, 50, 4000);
    const overhead = direct.rps / gateway.rps - 1;
    figures.push({
      name: 'REST through gateway vs PostgREST direct (50 conns)',
      value: Math.round(overhead * 1000) / 10,
      unit: '% slower',
      against: `direct ${direct.rps.toFixed(0)} req/s (p95 ${direct.p95.toFixed(1)} ms), gateway ${gateway.rps.toFixed(0)} req/s (p95 ${gateway.p95.toFixed(1)} ms)`,
      budget: '< 20 %',
      ok: overhead < 0.2,
    });
    await warm.stop();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }

  const machine = `${os.cpus().length} cores ${os.cpus()[0]?.model ?? ''}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
  console.log(`\nStockroom bench — ${machine}\n`);
  for (const f of figures) {
    console.log(`${f.ok ? 'ok  ' : 'MISS'} ${f.name}: ${f.value.toFixed(f.unit === 'ms' ? 0 : 1)} ${f.unit}  (against ${f.against}; budget ${f.budget})`);
  }
  const out = path.join(ROOT_DIR, 'bench', 'results');
  await fs.mkdir(out, { recursive: true });
  await fs.writeFile(path.join(out, 'latest.json'), JSON.stringify({ date: new Date().toISOString(), machine, figures }, null, 2));
  console.log(`\nWrote bench/results/latest.json`);
}

await main();
