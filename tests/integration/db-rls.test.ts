/**
 * Row-level security between two real users through supabase-js and PostgREST: for every table
 * and every operation (select, insert, update, delete, upsert) user B can neither read nor change
 * user A's rows, and the anon key gets nothing. Plus schema-wide guards: every table in public
 * has RLS on, only `authenticated` has policies, anon holds no table privileges.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anonDbClient,
  closeDb,
  createDbUserPair,
  createDbUsers,
  createStorage,
  db,
  type DbUser,
  type StorageFixture,
} from '../helpers/db-users.ts';

type Row = Record<string, unknown>;

interface Owned {
  storage: StorageFixture;
  logId: string;
  dismissedId: string;
  backupId: string;
}

/** One of everything for an account, in one SQL round trip after the storage tree. */
async function seedEverything(accountId: string): Promise<Owned> {
  const storage = await createStorage(accountId, { units: 1, shelves: 1, items: 1 });
  const { rows } = await db().query<{ log_id: string; dismissed_id: string; backup_id: string }>(
    `with l as (
       insert into public.storage_logs (account_id, action, details) values ($1, 'add_item', 'seeded') returning log_id
     ), t as (
       insert into public.ebay_tokens (account_id, access_token, refresh_token, expires_at)
       values ($1, 'secret-access-' || $1, 'secret-refresh-' || $1, now() + interval '1 hour') returning account_id
     ), p as (
       insert into public.ebay_processed_listings (account_id, listing_id, title, quantity)
       values ($1, 'L1', 'Listing', 2) returning account_id
     ), i as (
       insert into public.ebay_inventory (account_id, inventory, total_items) values ($1, '[{"sku":"S1"}]', 1) returning account_id
     ), r as (
       insert into public.api_rate_limits (endpoint, account_id, last_request, request_count)
       values ('orders', $1, now(), 1) returning account_id
     ), d as (
       insert into public.dismissed_notifications (account_id, notification_id, item_id)
       values ($1, 'expiry-1', $2) returning id
     ), b as (
       insert into public.backups (account_id, snapshot, item_count) values ($1, '{"version":1}', 0) returning backup_id
     )
     select (select log_id from l) as log_id, (select id from d) as dismissed_id, (select backup_id from b) as backup_id,
            (select count(*) from t) + (select count(*) from p) + (select count(*) from i) + (select count(*) from r) as n`,
    [accountId, storage.itemIds[0]],
  );
  const row = rows[0]!;
  return { storage, logId: row.log_id, dismissedId: row.dismissed_id, backupId: row.backup_id };
}

interface TableCase {
  table: string;
  /** the column holding the owner: the account (account_id), or the person for profiles (id) */
  owner: string;
  /** columns B may legitimately select (ebay_tokens hides its secrets) */
  columns: string;
  /** filter that picks A's row */
  key: (a: DbUser, o: Owned) => Row;
  /** a change to try on A's row */
  change: Row;
  /** a new row claiming to be A's */
  forged: (a: DbUser, o: Owned) => Row;
  /** conflict target for upsert */
  onConflict: string;
}

const cases: TableCase[] = [
  {
    table: 'profiles',
    owner: 'id',
    columns: 'id, email',
    key: (a) => ({ id: a.id }),
    change: { email: 'taken-over@example.test' },
    forged: (a) => ({ id: a.id, email: 'forged@example.test' }),
    onConflict: 'id',
  },
  {
    table: 'subscriptions',
    owner: 'account_id',
    columns: 'id, account_id, plan_id, status',
    key: (a) => ({ account_id: a.accountId }),
    change: { status: 'canceled' },
    forged: (a) => ({ account_id: a.accountId, plan_id: 'elite', status: 'active' }),
    onConflict: 'account_id',
  },
  {
    table: 'storage_rooms',
    owner: 'account_id',
    columns: '*',
    key: (_a, o) => ({ room_id: o.storage.roomId }),
    change: { room_name: 'Taken over' },
    forged: (a, o) => ({
      room_id: o.storage.roomId,
      account_id: a.accountId,
      room_name: 'Forged',
      room_index: 1,
    }),
    onConflict: 'room_id',
  },
  {
    table: 'storage_isles',
    owner: 'account_id',
    columns: '*',
    key: (_a, o) => ({ isle_id: o.storage.isleId }),
    change: { position_x: 99 },
    forged: (a, o) => ({
      isle_id: o.storage.isleId,
      account_id: a.accountId,
      room_id: o.storage.roomId,
      isle_index: 1,
    }),
    onConflict: 'isle_id',
  },
  {
    table: 'storage_units',
    owner: 'account_id',
    columns: '*',
    key: (_a, o) => ({ unit_id: o.storage.unitIds[0]! }),
    change: { unit_name: 'Z' },
    forged: (a, o) => ({
      unit_id: o.storage.unitIds[0]!,
      account_id: a.accountId,
      isle_id: o.storage.isleId,
      unit_name: 'Q',
    }),
    onConflict: 'unit_id',
  },
  {
    table: 'storage_shelves',
    owner: 'account_id',
    columns: '*',
    key: (_a, o) => ({ shelf_id: o.storage.shelfIds[0]! }),
    change: { shelf_index: 9 },
    forged: (a, o) => ({
      shelf_id: o.storage.shelfIds[0]!,
      account_id: a.accountId,
      unit_id: o.storage.unitIds[0]!,
      shelf_index: 1,
    }),
    onConflict: 'shelf_id',
  },
  {
    table: 'storage_items',
    owner: 'account_id',
    columns: '*',
    key: (_a, o) => ({ item_id: o.storage.itemIds[0]! }),
    change: { quantity: 99 },
    forged: (a, o) => ({
      item_id: o.storage.itemIds[0]!,
      account_id: a.accountId,
      item_name: 'Forged',
      shelf_id: o.storage.shelfIds[0]!,
    }),
    onConflict: 'item_id',
  },
  {
    table: 'storage_logs',
    owner: 'account_id',
    columns: '*',
    key: (_a, o) => ({ log_id: o.logId }),
    change: { details: 'rewritten' },
    forged: (a, o) => ({
      log_id: o.logId,
      account_id: a.accountId,
      action: 'remove_item',
      details: 'forged',
    }),
    onConflict: 'log_id',
  },
  {
    table: 'user_preferences',
    owner: 'account_id',
    columns: '*',
    key: (a) => ({ account_id: a.accountId }),
    change: { currency: 'EUR' },
    forged: (a) => ({ account_id: a.accountId, currency: 'EUR' }),
    onConflict: 'account_id',
  },
  {
    table: 'ebay_tokens',
    owner: 'account_id',
    columns: 'account_id, expires_at',
    key: (a) => ({ account_id: a.accountId }),
    change: { access_token: 'attacker-token' },
    forged: (a) => ({ account_id: a.accountId, access_token: 'attacker-token' }),
    onConflict: 'account_id',
  },
  {
    table: 'ebay_processed_listings',
    owner: 'account_id',
    columns: '*',
    key: (a) => ({ account_id: a.accountId, listing_id: 'L1' }),
    change: { display: false },
    forged: (a) => ({ account_id: a.accountId, listing_id: 'L1', title: 'Forged', display: false }),
    onConflict: 'account_id,listing_id',
  },
  {
    table: 'ebay_inventory',
    owner: 'account_id',
    columns: '*',
    key: (a) => ({ account_id: a.accountId }),
    change: { total_items: 99 },
    forged: (a) => ({ account_id: a.accountId, inventory: [], total_items: 0 }),
    onConflict: 'account_id',
  },
  {
    table: 'api_rate_limits',
    owner: 'account_id',
    columns: '*',
    key: (a) => ({ account_id: a.accountId, endpoint: 'orders' }),
    change: { request_count: 0, last_request: '2000-01-01T00:00:00Z' },
    forged: (a) => ({
      account_id: a.accountId,
      endpoint: 'orders',
      request_count: 0,
      last_request: '2000-01-01T00:00:00Z',
    }),
    onConflict: 'endpoint,account_id',
  },
  {
    table: 'dismissed_notifications',
    owner: 'account_id',
    columns: '*',
    key: (_a, o) => ({ id: o.dismissedId }),
    change: { notification_id: 'changed' },
    forged: (a, o) => ({ id: o.dismissedId, account_id: a.accountId, notification_id: 'forged' }),
    onConflict: 'id',
  },
  {
    table: 'backups',
    owner: 'account_id',
    columns: 'backup_id, account_id, item_count, created_at',
    key: (_a, o) => ({ backup_id: o.backupId }),
    change: { item_count: 99 },
    forged: (a, o) => ({
      backup_id: o.backupId,
      account_id: a.accountId,
      snapshot: { version: 1, rooms: [] },
    }),
    onConflict: 'backup_id',
  },
];

let alice: DbUser;
let bob: DbUser;
let anon: SupabaseClient;
let aliceOwns: Owned;

/** The value of a table's owner column for a user: their user id for profiles, else their account. */
function ownerOf(c: Pick<TableCase, 'owner'>, u: DbUser): string {
  return c.owner === 'id' ? u.id : u.accountId;
}

/** A's rows of a table as the superuser sees them, to prove nothing changed. */
async function rowsOf(table: string, owner: string, ownerId: string): Promise<string> {
  const { rows } = await db().query<{ rows: unknown }>(
    `select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]'::jsonb) as rows
       from public.${table} t where t.${owner} = $1`,
    [ownerId],
  );
  return JSON.stringify(rows[0]!.rows);
}

beforeAll(async () => {
  [alice, bob] = await createDbUserPair({ plan: 'elite', prefix: 'rls' });
  anon = anonDbClient();
  aliceOwns = await seedEverything(alice.accountId);
  await seedEverything(bob.accountId);
});

afterAll(async () => {
  await closeDb();
});

describe('row-level security: schema guards', () => {
  it('has RLS enabled on every table in public', async () => {
    const { rows } = await db().query<{ relname: string }>(
      `select c.relname from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
        order by 1`,
    );
    expect(rows.map((r) => r.relname)).toEqual([]);
  });

  it('has every table of this isolation matrix (the schema did not drift from the tests)', async () => {
    const { rows } = await db().query<{ relname: string }>(
      `select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`,
    );
    const tables = rows.map((r) => r.relname);
    for (const c of cases) expect(tables).toContain(c.table);
  });

  it('scopes every policy to the caller\'s account or to the caller (tables added later included)', async () => {
    // Read-only reference data may be visible to every signed-in user; everything else must
    // compare its account column with the caller's current account (private.current_account() or
    // private.current_account_for(roles), which read the caller's membership:
    // supabase/schemas/10_accounts.sql), or with the
    // caller (auth.uid(): their profile, their memberships, invitations to their address). Restrictive policies grant nothing (they are
    // AND-ed with these), so the two-factor gate (require_mfa_*) is left to auth-mfa-rls.test.ts.
    const shared = ['plans'];
    const { rows } = await db().query<{
      tablename: string;
      policyname: string;
      cmd: string;
      qual: string | null;
      with_check: string | null;
    }>(
      `select tablename, policyname, cmd, qual, with_check from pg_policies
        where schemaname = 'public' and permissive = 'PERMISSIVE'`,
    );
    for (const p of rows.filter((r) => !shared.includes(r.tablename))) {
      const label = `${p.tablename}.${p.policyname}`;
      const scoped =
        /auth\.uid\(\)|auth\.jwt\(\)|private\.current_account\(\)|private\.current_account_for\(|private\.member_account_ids\(\)|private\.is_member\(/;
      if (p.cmd !== 'INSERT') expect(p.qual, label).toMatch(scoped);
      if (p.cmd === 'INSERT' || p.cmd === 'UPDATE') expect(p.with_check, label).toMatch(scoped);
    }
    for (const p of rows.filter((r) => shared.includes(r.tablename))) expect(p.cmd).toBe('SELECT');
  });

  it('writes policies only for signed-in users, one command each', async () => {
    const { rows } = await db().query<{
      tablename: string;
      policyname: string;
      roles: string[];
      cmd: string;
    }>(
      `select tablename, policyname, roles::text[] as roles, cmd from pg_policies where schemaname = 'public'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const p of rows) {
      expect(p.roles, `${p.tablename}.${p.policyname}`).toEqual(['authenticated']);
      expect(p.cmd, `${p.tablename}.${p.policyname}`).not.toBe('ALL');
    }
  });

  it('gives anon no privilege on any table and no TRUNCATE to anyone but the server', async () => {
    const { rows } = await db().query<{
      grantee: string;
      table_name: string;
      privilege_type: string;
    }>(
      `select grantee, table_name, privilege_type from information_schema.role_table_grants
        where table_schema = 'public' and table_name not like 'stack_probe%'
          and (grantee in ('anon', 'PUBLIC') or (grantee = 'authenticated' and privilege_type in ('TRUNCATE', 'REFERENCES', 'TRIGGER')))`,
    );
    expect(rows).toEqual([]);
  });

  it('describes every table with a comment', async () => {
    const { rows } = await db().query<{ relname: string }>(
      `select c.relname from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
          and c.relname not like 'stack_probe%' and obj_description(c.oid, 'pg_class') is null`,
    );
    expect(rows.map((r) => r.relname)).toEqual([]);
  });

  it('maintains updated_at by trigger on every table that has one', async () => {
    const { rows } = await db().query<{ table_name: string }>(
      `select c.table_name from information_schema.columns c
        where c.table_schema = 'public' and c.column_name = 'updated_at'
          and not exists (
            select 1 from pg_trigger t join pg_proc p on p.oid = t.tgfoid
             where t.tgrelid = format('public.%I', c.table_name)::regclass and p.proname = 'set_updated_at')`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([]);
  });

  it('lets anon execute no function in public', async () => {
    const { rows } = await db().query<{ proname: string }>(
      `select p.proname from pg_proc p
        where p.pronamespace = 'public'::regnamespace and has_function_privilege('anon', p.oid, 'execute')`,
    );
    expect(rows.map((r) => r.proname)).toEqual([]);
  });
});

describe.each(cases)('row-level security: $table', (c) => {
  it('A reads their own row (the tests below could fail)', async () => {
    const { data, error } = await alice.client
      .from(c.table)
      .select(c.columns)
      .match(c.key(alice, aliceOwns));
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
  });

  it("B reads only B's rows, never A's", async () => {
    const own = await bob.client.from(c.table).select(c.columns);
    expect(own.error).toBeNull();
    expect(own.data!.length).toBeGreaterThan(0);
    for (const row of own.data as unknown as Row[]) expect(row[c.owner]).toBe(ownerOf(c, bob));

    const theirs = await bob.client.from(c.table).select(c.columns).match(c.key(alice, aliceOwns));
    expect(theirs.error).toBeNull();
    expect(theirs.data).toEqual([]);
  });

  it('B cannot insert a row owned by A', async () => {
    const before = await rowsOf(c.table, c.owner, ownerOf(c, alice));
    const { error } = await bob.client.from(c.table).insert({ ...c.forged(alice, aliceOwns) });
    expect(error).not.toBeNull();
    expect(await rowsOf(c.table, c.owner, ownerOf(c, alice))).toBe(before);
  });

  it("B cannot update A's row", async () => {
    const before = await rowsOf(c.table, c.owner, ownerOf(c, alice));
    const { data, error } = await bob.client
      .from(c.table)
      .update(c.change)
      .match(c.key(alice, aliceOwns))
      .select(c.columns);
    // either refused outright (no grant) or the row is invisible (RLS): never changed
    if (!error) expect(data).toEqual([]);
    expect(await rowsOf(c.table, c.owner, ownerOf(c, alice))).toBe(before);
  });

  it("B cannot delete A's row", async () => {
    const before = await rowsOf(c.table, c.owner, ownerOf(c, alice));
    const { data, error } = await bob.client
      .from(c.table)
      .delete()
      .match(c.key(alice, aliceOwns))
      .select(c.columns);
    if (!error) expect(data).toEqual([]);
    expect(await rowsOf(c.table, c.owner, ownerOf(c, alice))).toBe(before);
  });

  it("B cannot upsert over A's row, as A or as B", async () => {
    const before = await rowsOf(c.table, c.owner, ownerOf(c, alice));
    const asA = await bob.client
      .from(c.table)
      .upsert({ ...c.forged(alice, aliceOwns), ...c.change }, { onConflict: c.onConflict });
    expect(asA.error).not.toBeNull();
    await bob.client
      .from(c.table)
      .upsert(
        { ...c.forged(alice, aliceOwns), ...c.change, [c.owner]: ownerOf(c, bob) },
        { onConflict: c.onConflict },
      );
    // with B as owner the conflict target may be B's own row (allowed); A's row must stay as it was
    expect(await rowsOf(c.table, c.owner, ownerOf(c, alice))).toBe(before);
  });

  it('anon reads nothing and changes nothing', async () => {
    const before = await rowsOf(c.table, c.owner, ownerOf(c, alice));
    const read = await anon.from(c.table).select(c.columns);
    expect(read.data ?? []).toEqual([]);
    expect(read.error).not.toBeNull(); // no grant at all: permission denied, not just an empty list
    const ins = await anon.from(c.table).insert(c.forged(alice, aliceOwns));
    expect(ins.error).not.toBeNull();
    const upd = await anon.from(c.table).update(c.change).match(c.key(alice, aliceOwns));
    expect(upd.error).not.toBeNull();
    const del = await anon.from(c.table).delete().match(c.key(alice, aliceOwns));
    expect(del.error).not.toBeNull();
    const ups = await anon
      .from(c.table)
      .upsert(c.forged(alice, aliceOwns), { onConflict: c.onConflict });
    expect(ups.error).not.toBeNull();
    expect(await rowsOf(c.table, c.owner, ownerOf(c, alice))).toBe(before);
  });
});

describe('row-level security: plans catalogue', () => {
  it('is readable by signed-in users, writable by nobody through the API, invisible to anon', async () => {
    const read = await bob.client.from('plans').select('plan_id, max_items').order('sort_order');
    expect(read.error).toBeNull();
    expect(read.data!.map((p) => p.plan_id)).toEqual(['free', 'growing', 'power', 'elite']);

    const upd = await bob.client
      .from('plans')
      .update({ max_items: 1_000_000 })
      .eq('plan_id', 'free');
    expect(upd.error).not.toBeNull();
    const ins = await bob.client.from('plans').insert({ plan_id: 'free', display_name: 'x' });
    expect(ins.error).not.toBeNull();
    const anonRead = await anon.from('plans').select('plan_id');
    expect(anonRead.error).not.toBeNull();
    const { rows } = await db().query('select max_items from public.plans where plan_id = $1', [
      'free',
    ]);
    expect(rows[0].max_items).toBe(100);
  });
});

describe("row-level security: attaching to another user's parent", () => {
  // B uses B as owner (which RLS allows) but points at A's parent row: must be refused.
  it.each([
    [
      "an isle to A's room",
      'storage_isles',
      (o: Owned) => ({ room_id: o.storage.roomId, isle_index: 7 }),
    ],
    [
      "a unit to A's isle",
      'storage_units',
      (o: Owned) => ({ isle_id: o.storage.isleId, unit_name: 'Sneaky' }),
    ],
    [
      "a shelf to A's unit",
      'storage_shelves',
      (o: Owned) => ({ unit_id: o.storage.unitIds[0]!, shelf_index: 7 }),
    ],
    [
      "an item to A's shelf",
      'storage_items',
      (o: Owned) => ({ item_name: 'Sneaky', shelf_id: o.storage.shelfIds[0]! }),
    ],
    [
      "an item to A's unit",
      'storage_items',
      (o: Owned) => ({ item_name: 'Sneaky', unit_id: o.storage.unitIds[0]! }),
    ],
    [
      "a dismissal to A's item",
      'dismissed_notifications',
      (o: Owned) => ({ notification_id: 'x', item_id: o.storage.itemIds[0]! }),
    ],
  ])('B cannot attach %s', async (_label, table, row) => {
    const { error } = await bob.client.from(table).insert({ ...row(aliceOwns), account_id: bob.accountId });
    expect(error).not.toBeNull();
    const { rows } = await db().query(
      `select count(*)::int as n from public.${table} where account_id = $1`,
      [bob.accountId],
    );
    expect(rows[0].n).toBe(1); // only B's seed row
  });

  it("B cannot move B's own item onto A's shelf by update", async () => {
    const { data: mine } = await bob.client
      .from('storage_items')
      .select('item_id, shelf_id')
      .limit(1)
      .single();
    const { error } = await bob.client
      .from('storage_items')
      .update({ shelf_id: aliceOwns.storage.shelfIds[0]! })
      .eq('item_id', mine!.item_id);
    expect(error).not.toBeNull();
    const { data: after } = await bob.client
      .from('storage_items')
      .select('shelf_id')
      .eq('item_id', mine!.item_id)
      .single();
    expect(after!.shelf_id).toBe(mine!.shelf_id);
  });

  it('nobody can hand a row to another user', async () => {
    const { data: mine } = await bob.client
      .from('storage_rooms')
      .select('room_id')
      .limit(1)
      .single();
    const { error } = await bob.client
      .from('storage_rooms')
      .update({ account_id: alice.accountId })
      .eq('room_id', mine!.room_id);
    expect(error).not.toBeNull();
  });
});

describe('row-level security: secrets and server-only data', () => {
  it('never returns marketplace tokens to the browser, even to their owner', async () => {
    for (const columns of ['*', 'access_token', 'refresh_token']) {
      const { data, error } = await alice.client.from('ebay_tokens').select(columns);
      expect(error, columns).not.toBeNull();
      expect(data).toBeNull();
    }
    const status = await alice.client.from('ebay_tokens').select('account_id, expires_at');
    expect(status.error).toBeNull();
    expect(status.data).toHaveLength(1);
  });

  it('lets the owner store and delete their tokens without reading them back', async () => {
    const [carol] = await createDbUsers(1, { prefix: 'tok' });
    const c = carol!.client;
    const first = await c.rpc('save_ebay_tokens', { p_access_token: 'a1', p_refresh_token: 'r1' });
    expect(first.error).toBeNull();
    const expires = new Date(Date.now() + 7200_000).toISOString();
    const second = await c.rpc('save_ebay_tokens', {
      p_access_token: 'a2',
      p_refresh_token: 'r2',
      p_expires_at: expires,
    });
    expect(second.error).toBeNull();
    const { rows } = await db().query(
      'select access_token, refresh_token from public.ebay_tokens where account_id = $1',
      [carol!.accountId],
    );
    expect(rows).toEqual([{ access_token: 'a2', refresh_token: 'r2' }]);
    // a refresh can also update in place without reading anything back
    const refreshed = await c
      .from('ebay_tokens')
      .update({ access_token: 'a3' })
      .eq('account_id', carol!.accountId);
    expect(refreshed.error).toBeNull();
    const status = await c.from('ebay_tokens').select('account_id, expires_at').single();
    expect(status.error).toBeNull();
    expect(new Date(status.data!.expires_at as string).toISOString()).toBe(expires);
    // and B's call only ever writes B's row
    const bobSave = await bob.client.rpc('save_ebay_tokens', { p_access_token: 'bob' });
    expect(bobSave.error).toBeNull();
    const { rows: carolRow } = await db().query(
      'select access_token from public.ebay_tokens where account_id = $1',
      [carol!.accountId],
    );
    expect(carolRow).toEqual([{ access_token: 'a3' }]);
    const del = await c.from('ebay_tokens').delete().eq('account_id', carol!.accountId);
    expect(del.error).toBeNull();
    const { rows: gone } = await db().query('select 1 from public.ebay_tokens where account_id = $1', [
      carol!.accountId,
    ]);
    expect(gone).toEqual([]);
  });

  it('does not let a user reset their own rate limit', async () => {
    const before = await rowsOf('api_rate_limits', 'account_id', alice.accountId);
    const upd = await alice.client
      .from('api_rate_limits')
      .update({ request_count: 0 })
      .eq('account_id', alice.accountId);
    expect(upd.error).not.toBeNull();
    const del = await alice.client.from('api_rate_limits').delete().eq('account_id', alice.accountId);
    expect(del.error).not.toBeNull();
    expect(await rowsOf('api_rate_limits', 'account_id', alice.accountId)).toBe(before);
  });
});
