import { createClient } from '@supabase/supabase-js';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../local/build.ts';
import { ROOT_DIR } from '../../local/config.ts';
import { assertPortFree } from '../../local/ports.ts';
import { isAlive } from '../../local/processes.ts';
import { readRunningStack, startStack, type RunningStack } from '../../local/stack.ts';
import { freePortStackOptions } from '../../local/test-stack.ts';
import { retryingFetch } from '../../src/lib/retrying-fetch.ts';

// What happens when a part of the stack dies, or the process that started it is told to stop.
// Each test ends with every process of its stack gone and its ports free, or with the part back.

const DIST_DIR = path.join(ROOT_DIR, 'dist');

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A read through the gateway and PostgREST to Postgres, and an auth call on the stack's pool. */
async function answers(stack: RunningStack): Promise<boolean> {
  const headers = { apikey: stack.env.SERVICE_ROLE_KEY, authorization: `Bearer ${stack.env.SERVICE_ROLE_KEY}` };
  const rest = await fetch(`${stack.env.API_URL}/rest/v1/plans?select=*&limit=1`, { headers });
  const auth = await fetch(`${stack.env.API_URL}/auth/v1/admin/users?per_page=1`, { headers });
  return rest.status === 200 && auth.status === 200;
}

async function expectPortsFree(ports: number[]): Promise<void> {
  for (const port of ports) await assertPortFree(port, 'test');
}

describe('a part of the stack dies', () => {
  let dataDir: string;
  let stack: RunningStack;
  const log: string[] = [];
  let ports: number[];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-failures-'));
    const options = await freePortStackOptions(dataDir, { fresh: true, ephemeral: true, log: (line) => log.push(line) });
    ports = [options.apiPort, options.appPort, options.dbPort, options.mailboxPort];
    stack = await startStack(options);
  });

  afterAll(async () => {
    await stack.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts Postgres again after a kill -9, and requests are answered again', async () => {
    expect(await answers(stack)).toBe(true);
    const before = readRunningStack(dataDir)!.postgresPid!;
    process.kill(before, 'SIGKILL');

    await until('Postgres to come back', 30_000, () => answers(stack));
    expect(log).toContain('[stack] Postgres was killed (SIGKILL); starting it again…');
    await until('the log to say so', 5_000, async () => log.includes('[stack] Postgres is running again.'));
    const after = readRunningStack(dataDir)!.postgresPid!;
    expect(after).not.toBe(before);
    expect(isAlive(after)).toBe(true);
  }, 60_000);

  it('starts PostgREST again after a kill -9, and requests are answered again', async () => {
    const before = readRunningStack(dataDir)!.postgrestPid!;
    process.kill(before, 'SIGKILL');

    await until('PostgREST to come back', 30_000, async () => (await answers(stack)) && readRunningStack(dataDir)!.postgrestPid !== before);
    expect(log).toContain('[stack] PostgREST was killed (SIGKILL); starting it again…');
    expect(isAlive(before)).toBe(false);
  }, 60_000);

  it('answers requests cut off by a Postgres restart 503, and the app’s client sends a write again', async () => {
    // A write that takes a while, so Postgres can go away under it.
    const db = new pg.Client({ connectionString: stack.env.DB_URL });
    await db.connect();
    await db.query(`
      create function public.slow_probe(p_ms integer) returns integer language sql
        as $$ select pg_sleep(p_ms / 1000.0); select p_ms $$;
      grant execute on function public.slow_probe(integer) to service_role;
      notify pgrst, 'reload schema';
    `);
    await db.end();
    const headers = {
      apikey: stack.env.SERVICE_ROLE_KEY,
      authorization: `Bearer ${stack.env.SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
    };
    const slow = (ms: number) =>
      fetch(`${stack.env.API_URL}/rest/v1/rpc/slow_probe`, { method: 'POST', headers, body: JSON.stringify({ p_ms: ms }) });
    await until('PostgREST to know the function', 10_000, async () => (await slow(0)).status === 200);

    // The app's client (src/lib/supabase.ts) beside a plain request, both cut off by one kill.
    const app = createClient(stack.env.API_URL, stack.env.SERVICE_ROLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: retryingFetch() },
    });
    const write = app.rpc('slow_probe', { p_ms: 2_000 });
    const plain = slow(2_000);
    await new Promise((r) => setTimeout(r, 500));
    process.kill(readRunningStack(dataDir)!.postgresPid!, 'SIGKILL');
    const cutOff = await plain;
    expect(cutOff.status).toBe(503);
    expect(await cutOff.json()).toMatchObject({ code: 'PGRST001' });
    // Sent again after 1, 2 and 4 s: through once Postgres is back.
    const { data, error, status } = await write;
    expect(error).toBeNull();
    expect([status, data]).toEqual([200, 2_000]);
  }, 60_000);

  it('then stops with nothing left running and its ports free', async () => {
    const state = readRunningStack(dataDir)!;
    await stack.stop();
    expect(await stack.stopped).toBeNull();
    expect([state.postgresPid!, state.postgrestPid!].filter(isAlive)).toEqual([]);
    await expectPortsFree(ports);
  });
});

describe('a part that keeps dying', () => {
  it('stops the whole stack with a message saying which part and why, leaving nothing running', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-keeps-dying-'));
    const log: string[] = [];
    const options = await freePortStackOptions(dataDir, { fresh: true, ephemeral: true, log: (line) => log.push(line) });
    const stack = await startStack(options);
    try {
      const postgrest = readRunningStack(dataDir)!.postgrestPid!;
      for (let kill = 1; kill <= 3; kill += 1) {
        const pid = readRunningStack(dataDir)!.postgresPid!;
        process.kill(pid, 'SIGKILL');
        await until(`Postgres back after kill ${kill}`, 30_000, async () => {
          const now = readRunningStack(dataDir)?.postgresPid;
          return now !== pid && log.filter((l) => l === '[stack] Postgres is running again.').length === kill;
        });
      }
      const last = readRunningStack(dataDir)!.postgresPid!;
      process.kill(last, 'SIGKILL');
      expect(await stack.stopped).toBe('Postgres was killed (SIGKILL) for the 4th time in a minute; the stack has stopped.');
      expect([last, postgrest].filter(isAlive)).toEqual([]);
      expect(readRunningStack(dataDir)).toBeNull();
      await expectPortsFree([options.apiPort, options.appPort, options.dbPort, options.mailboxPort]);
    } finally {
      await stack.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** Every process below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while we looked
    }
  }
  const out: number[] = [];
  const visit = (p: number) => {
    for (const child of children.get(p) ?? []) {
      out.push(child);
      visit(child);
    }
  };
  visit(pid);
  return out;
}

describe('npm start', () => {
  beforeAll(async () => {
    // npm start builds the app when its sources changed; build it here, outside the timed part.
    await ensureBuilt({ distDir: DIST_DIR, log: () => undefined });
  }, 300_000);

  async function npmStart(): Promise<{ npm: ChildProcess; output: () => string; ports: number[]; dataDir: string }> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-npm-start-'));
    const options = await freePortStackOptions(dataDir);
    const ports = [options.apiPort, options.appPort, options.dbPort, options.mailboxPort];
    const npm = spawn('npm', ['start'], {
      cwd: ROOT_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        STOCKROOM_DATA_DIR: dataDir,
        API_PORT: String(options.apiPort),
        APP_PORT: String(options.appPort),
        DB_PORT: String(options.dbPort),
        MAILBOX_PORT: String(options.mailboxPort),
      },
    });
    let text = '';
    npm.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await until('npm start to be ready', 120_000, async () => {
      if (npm.exitCode !== null) throw new Error(`npm start ended early:\n${text}`);
      return text.includes('Stockroom is running');
    }).catch((error: unknown) => {
      npm.kill('SIGKILL');
      throw new Error(`${(error as Error).message}\n${text}`);
    });
    return { npm, output: () => text, ports, dataDir };
  }

  async function expectAllGone(pids: number[], ports: number[], output: () => string): Promise<void> {
    await until(`every process of the stack to end:\n${output()}`, 30_000, async () => pids.every((p) => !isAlive(p)));
    await expectPortsFree(ports);
  }

  it('stops everything when the top npm process gets SIGTERM', async () => {
    const { npm, output, ports, dataDir } = await npmStart();
    try {
      const state = readRunningStack(dataDir)!;
      const tree = descendants(npm.pid!);
      // npm → sh → tsx → node, and under it Postgres and PostgREST.
      expect(tree).toEqual(expect.arrayContaining([state.pid, state.postgresPid, state.postgrestPid]));
      npm.kill('SIGTERM');
      await expectAllGone([npm.pid!, ...tree], ports, output);
      expect(output()).toMatch(/has gone away: stopping the stack|SIGTERM: stopping the stack/);
    } finally {
      npm.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('leaves no server behind when the stack’s Node process is killed with SIGKILL', async () => {
    const { npm, output, ports, dataDir } = await npmStart();
    try {
      const state = readRunningStack(dataDir)!;
      const tree = descendants(npm.pid!);
      process.kill(state.pid, 'SIGKILL');
      await expectAllGone([npm.pid!, ...tree], ports, output);
    } finally {
      npm.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
