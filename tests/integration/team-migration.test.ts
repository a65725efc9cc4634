/**
 * Migration 20261127000100_team.sql on a database that already has sellers: a database of its
 * own on the test server is brought up to the migration before it (as local/migrate.ts does),
 * seeded with sellers and their stockrooms, then migrated; every seller keeps their data, owns
 * their account and keeps their plan's limits.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stack } from '../helpers/stack.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TEAM = '20261127000100_team.sql';
const name = `team_migration_${crypto.randomUUID().slice(0, 8)}`;
let admin: pg.Client;
let client: pg.Client;

async function sqlFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

async function apply(file: string): Promise<void> {
  const sql = await readFile(file, 'utf8');
  await client.query('begin');
  try {
    await client.query(sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw new Error(`${path.basename(file)}: ${(error as Error).message}`, { cause: error });
  }
}

const free = crypto.randomUUID();
const power = crypto.randomUUID();

/** Runs `sql` as a signed-in user, the way PostgREST does (role and JWT claims). */
async function asUser<T extends pg.QueryResultRow>(userId: string, sql: string): Promise<T[]> {
  await client.query('begin');
  try {
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated', aal: 'aal1' }),
    ]);
    await client.query('set local role authenticated');
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.query('rollback');
  }
}

async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of ['storage_rooms', 'storage_isles', 'storage_units', 'storage_shelves', 'storage_items',
    'storage_logs', 'backups', 'subscriptions', 'user_preferences']) {
    const { rows } = await client.query(
      `select user_id, count(*)::int as n from public.${table} group by user_id order by user_id`,
    );
    out[table] = rows;
  }
  out.items = (await client.query('select * from public.storage_items order by item_id')).rows;
  out.plans = (await client.query('select id, plan_id from public.profiles order by id')).rows;
  return out;
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: stack().dbUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(stack().dbUrl);
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  for (const f of await sqlFiles(path.join(ROOT, 'local/sql'))) await apply(path.join(ROOT, 'local/sql', f));
  for (const f of await sqlFiles(path.join(ROOT, 'supabase/migrations'))) {
    if (f >= TEAM) break;
    await apply(path.join(ROOT, 'supabase/migrations', f));
  }
  // Two sellers as they are before accounts: one Free at its room limit, one Power with more.
  await client.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at)
     values ($1, 'authenticated', 'authenticated', 'free-seller@example.test', now()),
            ($2, 'authenticated', 'authenticated', 'power-seller@example.test', now())`,
    [free, power],
  );
  await client.query(`update public.subscriptions set plan_id = 'power' where user_id = $1`, [power]);
  for (const [user, items] of [[free, 3], [power, 7]] as const) {
    await client.query(
      `with room as (insert into public.storage_rooms (user_id, room_name) values ($1, 'Garage') returning room_id),
            isle as (insert into public.storage_isles (user_id, room_id, isle_index) select $1, room_id, 1 from room returning isle_id),
            unit as (insert into public.storage_units (user_id, isle_id, unit_name, unit_index) select $1, isle_id, 'A', 1 from isle returning unit_id),
            shelf as (insert into public.storage_shelves (user_id, unit_id, shelf_index) select $1, unit_id, 1 from unit returning shelf_id, unit_id)
       insert into public.storage_items (user_id, item_name, quantity, shelf_id, unit_id)
       select $1, 'Item ' || g, g, shelf.shelf_id, shelf.unit_id from shelf, generate_series(1, $2::int) g`,
      [user, items],
    );
    await client.query(`select private.log($1, 'add_item', 'seeded')`, [user]);
  }
  await client.query(`select public.create_backup($1)`, [power]);
}, 120_000);

afterAll(async () => {
  await client?.end();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
});

describe('migration 20261127000100_team.sql on existing sellers', () => {
  it('keeps every seller\'s data, makes each the owner of their account, and keeps their limits', async () => {
    const before = await snapshot();
    await apply(path.join(ROOT, 'supabase/migrations', TEAM));
    expect(await snapshot()).toEqual(before);

    const { rows: accounts } = await client.query(
      `select a.id, a.name, m.user_id, m.role from public.accounts a
         join public.account_members m on m.account_id = a.id order by a.name`,
    );
    expect(accounts).toEqual([
      { id: free, name: 'free-seller@example.test', user_id: free, role: 'owner' },
      { id: power, name: 'power-seller@example.test', user_id: power, role: 'owner' },
    ]);
    // old log lines name their seller as who did them
    const { rows: logs } = await client.query<{ n: number }>(
      'select count(*)::int as n from public.storage_logs where actor_id is distinct from user_id',
    );
    expect(logs[0]!.n).toBe(0);

    // each reads their own stockroom, nobody else's
    expect(await asUser(free, 'select count(*)::int as n from public.storage_items')).toEqual([{ n: 3 }]);
    expect(await asUser(power, 'select count(*)::int as n from public.storage_items')).toEqual([{ n: 7 }]);
    expect(await asUser(power, 'select count(*)::int as n from public.backups')).toEqual([{ n: 1 }]);

    // limits: Free has its one room; Power may add a second; Free has one seat, Power five
    await expect(
      asUser(free, `insert into public.storage_rooms (room_name) values ('Second') returning room_id`),
    ).rejects.toThrow(/PLAN_LIMIT_REACHED/);
    expect(
      await asUser(power, `insert into public.storage_rooms (room_name) values ('Second') returning user_id`),
    ).toEqual([{ user_id: power }]);
    await expect(
      asUser(free, `select public.invite_member('helper@example.test', 'picker')`),
    ).rejects.toThrow(/PLAN_LIMIT_REACHED/);
    expect(
      await asUser(power, `select (public.invite_member('helper@example.test', 'picker')).role`),
    ).toEqual([{ role: 'picker' }]);
  });
});
