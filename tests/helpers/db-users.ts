/**
 * Users for database tests that do not depend on the auth service: rows inserted straight into
 * auth.users over a superuser connection (the new-user trigger gives them a profile and their
 * personal account, with preferences and a free subscription, as for a real sign-up) and access
 * tokens minted like Supabase Auth's, so PostgREST and RLS see exactly what they see in
 * production. The personal account has its own id (accountId), not the user's (id).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import type { PlanId } from '../../src/domain/plans.ts';
import { stack } from './stack.ts';
import { signUserToken } from './tokens.ts';

export interface DbUser {
  /** The person: auth.users.id. */
  id: string;
  /** Their personal account, made at sign-up: the account their stockroom's rows carry. */
  accountId: string;
  email: string;
  token: string;
  /** supabase-js as the browser has it after sign-in: anon key plus the user's bearer token. */
  client: SupabaseClient;
}

const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket; supabase-js builds a realtime client eagerly.
  realtime: { transport: ws as unknown as typeof WebSocket },
};

let pool: pg.Pool | null = null;

/** A superuser pool on the test database (bypasses RLS: for fixtures and assertions). */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: stack().dbUrl, max: 4 });
  return pool;
}

/** Close the pool; call from afterAll of files that used db() or the user helpers. */
export async function closeDb(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.end();
}

export function clientWithToken(token: string): SupabaseClient {
  const env = stack();
  return createClient(env.apiUrl, env.anonKey, {
    ...clientOptions,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export function anonDbClient(): SupabaseClient {
  const env = stack();
  return createClient(env.apiUrl, env.anonKey, clientOptions);
}

export function serviceDbClient(): SupabaseClient {
  const env = stack();
  return createClient(env.apiUrl, env.serviceRoleKey, clientOptions);
}

/** Creates `count` confirmed users with one INSERT and returns them with signed-in clients. */
export async function createDbUsers(
  count: number,
  opts: { plan?: PlanId; prefix?: string } = {},
): Promise<DbUser[]> {
  const users = Array.from({ length: count }, () => {
    const id = crypto.randomUUID();
    return { id, email: `${opts.prefix ?? 'db'}-${id.slice(0, 8)}@example.test` };
  });
  await db().query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     select u.id, 'authenticated', 'authenticated', u.email, now(),
            '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb
       from unnest($1::uuid[], $2::text[]) as u(id, email)`,
    [users.map((u) => u.id), users.map((u) => u.email)],
  );
  const { rows } = await db().query<{ user_id: string; account_id: string }>(
    `select primary_owner_user_id as user_id, id as account_id from public.accounts
      where personal_account and primary_owner_user_id = any ($1::uuid[])`,
    [users.map((u) => u.id)],
  );
  const accountOf = new Map(rows.map((r) => [r.user_id, r.account_id]));
  const withAccounts = users.map((u) => ({ ...u, accountId: accountOf.get(u.id)! }));
  if (opts.plan && opts.plan !== 'free')
    await setPlan(
      withAccounts.map((u) => u.accountId),
      opts.plan,
    );
  const env = stack();
  return Promise.all(
    withAccounts.map(async (u) => {
      const token = await signUserToken(env.jwtSecret, u.id, { email: u.email });
      return { ...u, token, client: clientWithToken(token) };
    }),
  );
}

/** Two users at once (A and B of the isolation tests). */
export async function createDbUserPair(
  opts: { plan?: PlanId; prefix?: string } = {},
): Promise<[DbUser, DbUser]> {
  const [a, b] = await createDbUsers(2, opts);
  return [a!, b!];
}

export async function createDbUser(opts: { plan?: PlanId; prefix?: string } = {}): Promise<DbUser> {
  const [user] = await createDbUsers(1, opts);
  return user!;
}

/**
 * Puts accounts on a plan the way the server does after a Stripe event: the subscription row
 * (whose trigger moves accounts.plan_id along) with superuser rights, never through the API.
 */
export async function setPlan(accountIds: string | string[], plan: PlanId): Promise<void> {
  const ids = Array.isArray(accountIds) ? accountIds : [accountIds];
  await db().query(
    `update public.subscriptions set plan_id = $2, status = 'active' where account_id = any($1::uuid[])`,
    [ids, plan],
  );
}

/** The plan the database enforces for an account (accounts.plan_id). */
export async function enforcedPlan(accountId: string): Promise<string | undefined> {
  const { rows } = await db().query<{ plan_id: string }>(
    'select plan_id from public.accounts where id = $1',
    [accountId],
  );
  return rows[0]?.plan_id;
}

export interface StorageFixture {
  roomId: string;
  isleId: string;
  unitIds: string[];
  /** shelves of the first unit, by index 1..n */
  shelfIds: string[];
  itemIds: string[];
}

/**
 * One room > one isle > `units` units (A, B, ...) > `shelves` shelves on the first unit, and
 * `items` items on shelf 1 of an account, inserted in one SQL statement as the superuser (limit
 * triggers still apply, so stay within the account's plan).
 */
export async function createStorage(
  accountId: string,
  opts: { roomName?: string; units?: number; shelves?: number; items?: number } = {},
): Promise<StorageFixture> {
  const { rows } = await db().query<{ fixture: StorageFixture }>(
    `with room as (
       insert into public.storage_rooms (account_id, room_name) values ($1, $2) returning room_id
     ), isle as (
       insert into public.storage_isles (account_id, room_id, isle_index) select $1, room_id, 1 from room returning isle_id
     ), units as (
       insert into public.storage_units (account_id, isle_id, unit_name, unit_index)
       select $1, isle.isle_id, chr(64 + g), g from isle, generate_series(1, $3::int) g
       returning unit_id, unit_index
     ), shelves as (
       insert into public.storage_shelves (account_id, unit_id, shelf_index)
       select $1, units.unit_id, g from units, generate_series(1, $4::int) g where units.unit_index = 1
       returning shelf_id, unit_id, shelf_index
     ), items as (
       insert into public.storage_items (account_id, item_name, quantity, shelf_id, unit_id, barcode, created_at)
       select $1, 'Item ' || g, 1, shelves.shelf_id, shelves.unit_id, 'BC' || g, now() + g * interval '1 microsecond'
         from shelves, generate_series(1, $5::int) g where shelves.shelf_index = 1
       returning item_id, created_at
     )
     select json_build_object(
       'roomId', (select room_id from room),
       'isleId', (select isle_id from isle),
       'unitIds', (select coalesce(json_agg(unit_id order by unit_index), '[]') from units),
       'shelfIds', (select coalesce(json_agg(shelf_id order by shelf_index), '[]') from shelves),
       'itemIds', (select coalesce(json_agg(item_id order by created_at), '[]') from items)
     ) as fixture`,
    [accountId, opts.roomName ?? 'Garage', opts.units ?? 1, opts.shelves ?? 1, opts.items ?? 0],
  );
  return rows[0]!.fixture;
}
