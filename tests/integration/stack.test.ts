import { createClient } from '@supabase/supabase-js';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../local/processes.ts';
import { readRunningStack, startStack } from '../../local/stack.ts';
import { freePortStackOptions } from '../../local/test-stack.ts';
import { startEmbeddedPostgres } from '../../local/postgres.ts';
import { privilegeCatalog } from '../helpers/privileges.ts';
import { stack } from '../helpers/stack.ts';
import { signUserToken } from '../helpers/tokens.ts';

// A probe table with the same RLS shape as the product's tables, created and dropped here so the
// foundation is tested on its own terms.
const PROBE = 'stack_probe';

describe('the local stack', () => {
  let db: pg.Client;
  const alice = crypto.randomUUID();
  const bob = crypto.randomUUID();

  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack().dbUrl });
    await db.connect();
    await db.query(`
      create table public.${PROBE} (
        id bigint generated always as identity primary key,
        user_id uuid not null default auth.uid(),
        note text not null
      );
      alter table public.${PROBE} enable row level security;
      create policy probe_select on public.${PROBE} for select to authenticated using (user_id = (select auth.uid()));
      create policy probe_insert on public.${PROBE} for insert to authenticated with check (user_id = (select auth.uid()));
      notify pgrst, 'reload schema';
    `);
    // PostgREST reloads its schema cache asynchronously.
    const client = createClient(stack().apiUrl, stack().serviceRoleKey);
    // PostgREST may reload more than once after DDL; wait until reads and writes both settle.
    const deadline = Date.now() + 10_000;
    let settled = 0;
    while (settled < 3) {
      if (Date.now() > deadline) throw new Error('PostgREST did not pick up the probe table');
      const write = await client.from(PROBE).insert({ note: 'probe', user_id: alice }).select('id').single();
      if (write.error) settled = 0;
      else {
        settled += 1;
        await client.from(PROBE).delete().eq('id', write.data.id);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  afterAll(async () => {
    await db.query(`drop table if exists public.${PROBE}; notify pgrst, 'reload schema';`);
    await db.end();
  });

  function userClient(token: string) {
    return createClient(stack().apiUrl, stack().anonKey, {
      global: { headers: { Authorization: `Bearer ${token}` } },
      auth: { persistSession: false, autoRefreshToken: false },
    });
  }

  it('reads and writes through /rest/v1 with RLS applied between users', async () => {
    const asAlice = userClient(await signUserToken(stack().jwtSecret, alice));
    const asBob = userClient(await signUserToken(stack().jwtSecret, bob));

    const inserted = await asAlice.from(PROBE).insert({ note: 'alice only' }).select().single();
    expect(inserted.status, JSON.stringify(inserted)).toBe(201);
    expect(inserted.data).toMatchObject({ note: 'alice only', user_id: alice });

    const mine = await asAlice.from(PROBE).select('note');
    expect(mine.data).toEqual([{ note: 'alice only' }]);

    const theirs = await asBob.from(PROBE).select('note');
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);

    const forged = await asBob.from(PROBE).insert({ note: 'as alice', user_id: alice });
    expect(forged.error?.code).toBe('42501');
  });

  it('gives the anon key no rows', async () => {
    const anon = createClient(stack().apiUrl, stack().anonKey);
    const { data, error } = await anon.from(PROBE).select('*');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const write = await anon.from(PROBE).insert({ note: 'anonymous' });
    expect(write.error?.code).toBe('42501');
  });

  it('refuses requests with no apikey or a wrong one, like Supabase’s gateway', async () => {
    const none = await fetch(`${stack().apiUrl}/rest/v1/${PROBE}`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'No API key found in request' });

    const forgedKey = await signUserToken('a-different-secret-that-is-also-32-chars-long', alice);
    const wrong = await fetch(`${stack().apiUrl}/rest/v1/${PROBE}`, { headers: { apikey: forgedKey } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid API key' });
  });

  it('answers CORS preflights for the browser', async () => {
    const res = await fetch(`${stack().apiUrl}/rest/v1/${PROBE}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:8888', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8888');
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
  });

  it('allows in a preflight every header supabase-js sends, its retries among them', async () => {
    // The headers of real calls: a read postgrest-js retries (after a 503 made up here, in front
    // of the network, with Retry-After 0) and a sign-in.
    const sent = new Set<string>();
    let answered = false;
    const recording: typeof fetch = async (input, init) => {
      new Headers(init?.headers).forEach((_, name) => sent.add(name));
      if (!answered && String(input).includes('/rest/v1/')) {
        answered = true;
        return new Response('{}', { status: 503, headers: { 'retry-after': '0' } });
      }
      return fetch(input, init);
    };
    const client = createClient(stack().apiUrl, stack().anonKey, {
      global: { fetch: recording },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await client.from(PROBE).select('id').limit(1)).error).toBeNull();
    await client.auth.signInWithPassword({ email: 'nobody@example.test', password: 'wrong one' });
    expect(sent).toContain('x-retry-count');

    const res = await fetch(`${stack().apiUrl}/rest/v1/${PROBE}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:8888',
        'access-control-request-method': 'GET',
        'access-control-request-headers': [...sent].sort().join(','),
      },
    });
    expect(res.status).toBe(200);
    const allowed = (res.headers.get('access-control-allow-headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining([...sent]));
  });

  it('refuses an expired or tampered user token at PostgREST', async () => {
    const expired = await signUserToken(stack().jwtSecret, alice, { expiresInSeconds: -60 });
    const res = await fetch(`${stack().apiUrl}/rest/v1/${PROBE}`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${expired}` },
    });
    expect(res.status).toBe(401);

    const valid = await signUserToken(stack().jwtSecret, alice);
    const [header, payload, signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = [header, Buffer.from(JSON.stringify({ ...claims, sub: bob })).toString('base64url'), signature].join('.');
    const res2 = await fetch(`${stack().apiUrl}/rest/v1/${PROBE}`, {
      headers: { apikey: stack().anonKey, authorization: `Bearer ${tampered}` },
    });
    expect(res2.status).toBe(401);
  });
});

// Each test starts Postgres (and PostgREST) once or more: room for a busy 2-core machine.
describe('a second stack on its own folder and ports', { timeout: 180_000 }, () => {
  const options = (dataDir: string) => freePortStackOptions(dataDir);

  it('runs beside the first, keeps its data across a restart, and leaves no process behind', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-restart-'));
    try {
      const first = await startStack({ ...(await options(dataDir)), fresh: true });
      const state = readRunningStack(dataDir);
      const pids = [state?.postgresPid, state?.postgrestPid].filter((p): p is number => typeof p === 'number');
      expect(pids).toHaveLength(2);
      expect(pids.every(isAlive)).toBe(true);

      const db = new pg.Client({ connectionString: first.env.DB_URL });
      await db.connect();
      await db.query(`create table public.kept (note text); insert into public.kept values ('still here')`);
      await db.end();

      await first.stop();
      expect(pids.some(isAlive)).toBe(false);
      expect(readRunningStack(dataDir)).toBeNull();

      const second = await startStack(await options(dataDir));
      expect(second.applied).toEqual([]); // every migration was recorded the first time
      const again = new pg.Client({ connectionString: second.env.DB_URL });
      await again.connect();
      const { rows } = await again.query<{ note: string }>('select note from public.kept');
      await again.end();
      await second.stop();
      expect(rows).toEqual([{ note: 'still here' }]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('gives the same privileges after every restart as the fresh database had, on its own Postgres', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-privileges-'));
    try {
      const first = await startStack({ ...(await options(dataDir)), fresh: true });
      const fresh = await privilegeCatalog(first.env.DB_URL);
      await first.stop();
      // The migrations revoke what the setup granted; a restart must not grant it again.
      expect(fresh.relations.find((line) => line.startsWith('public.ebay_tokens '))).not.toMatch(/\banon=/);

      for (let restart = 1; restart <= 2; restart += 1) {
        const again = await startStack(await options(dataDir));
        const catalog = await privilegeCatalog(again.env.DB_URL);
        await again.stop();
        expect(again.applied).toEqual([]);
        expect(catalog).toEqual(fresh);
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('gives the same privileges after a restart on a server given by DATABASE_URL', async () => {
    const serverDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-own-server-'));
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-own-server-state-'));
    const server = await startEmbeddedPostgres({ dataDir: serverDir, port: (await options(dataDir)).dbPort, ephemeral: true, log: () => undefined });
    try {
      const first = await startStack({ ...(await options(dataDir)), databaseUrl: server.url, fresh: true });
      const fresh = await privilegeCatalog(server.url);
      await first.stop();
      const again = await startStack({ ...(await options(dataDir)), databaseUrl: server.url });
      const restarted = await privilegeCatalog(server.url);
      await again.stop();
      expect(restarted).toEqual(fresh);
    } finally {
      await server.stop();
      await fs.rm(serverDir, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  // As root, Postgres runs as the 'postgres' user, which cannot enter a `mktemp -d` folder (mode 700).
  it.runIf(process.getuid?.() === 0)('starts as root inside a folder only root could enter, and says what it changed', async () => {
    const closed = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-closed-'));
    const log: string[] = [];
    try {
      expect((await fs.stat(closed)).mode & 0o777).toBe(0o700);
      const running = await startStack({ ...(await options(path.join(closed, 'data'))), log: (line) => log.push(line) });
      await running.stop();
      expect(log).toContain(
        `Postgres runs as the 'postgres' user, which could not enter ${closed}: gave others search permission there (chmod o+x).`,
      );
      expect((await fs.stat(closed)).mode & 0o777).toBe(0o701);
    } finally {
      await fs.rm(closed, { recursive: true, force: true });
    }
  });

  it('stops at a bad migration with its file name and Postgres’s error, leaving nothing running', async () => {
    const migrationsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-bad-migration-'));
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-bad-start-'));
    try {
      await fs.writeFile(path.join(migrationsDir, '20990101000000_broken.sql'), 'create table ok (id int);\ncreate table oops (id int,);\n');
      await expect(startStack({ ...(await options(dataDir)), fresh: true, migrationsDir })).rejects.toThrow(
        /20990101000000_broken\.sql \(line 2\): syntax error at or near "\)"/,
      );
      expect(readRunningStack(dataDir)).toBeNull();
    } finally {
      await fs.rm(migrationsDir, { recursive: true, force: true });
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
