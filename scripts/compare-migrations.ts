import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  ADDED_COLUMNS,
  COLUMN_RENAMES,
  DROPPED_COLUMNS,
  JSON_ROW_COLUMNS,
  carriedRow,
  carryOverInPlace,
} from '../local/carry-over.ts';
import { ROOT_DIR } from '../local/config.ts';
import { migrate } from '../local/migrate.ts';
import { freePort } from '../local/ports.ts';
import { startEmbeddedPostgres } from '../local/postgres.ts';
import { createDatabase } from '../local/schema-diff.ts';

/**
 * Proves that carrying an existing database over to the account model changes nothing for a
 * seller but the listed renames (local/carry-over.ts):
 *
 *   npx tsx scripts/compare-migrations.ts [old-revision] [--dump observations.json]
 *   (old-revision: default 7f1a5e6, the last one before the baseline)
 *
 * In a throwaway Postgres it builds a database with the old revision's migrations (`git archive`),
 * seeds sellers there through the old schema (owners on free, power and elite; the elite owner's
 * team: a manager, a picker, a removed member; rooms › isles › units › shelves › items, logs,
 * undoable changes, a backup, preferences, eBay tokens and listings, a subscription, a pending
 * invitation, a picked order line, a linked SKU, a staged import, sessions and a factor), then
 * observes it: every row, every account's plan limits, and for each of owner, manager, picker,
 * removed member and another seller what they see and may do in every table (select, insert,
 * update, delete) and which functions of the API they may call. It carries the database over
 * (carryOverInPlace, as `npm start` does), observes again and compares, old rows mapped through
 * the renames. Exit code 0 when nothing else changed, 1 with every difference printed.
 * tests/integration/carry-over.test.ts runs it in `npm test`.
 */

export const DEFAULT_BASE = '7f1a5e6';

// ---------------------------------------------------------------------------------------------
// The sellers
// ---------------------------------------------------------------------------------------------

interface Person {
  id: string;
  email: string;
}

/** Who the comparison acts as, and the ids its probes use (all in the elite owner's account). */
export interface Cast {
  owner: Person;
  manager: Person;
  picker: Person;
  removed: Person;
  other: Person;
  power: Person;
  account: string;
  ids: Record<string, string>;
}

const uuid = () => crypto.randomUUID();

/** Runs one statement as a signed-in user (in its own transaction, as PostgREST would). */
async function asUser(
  client: pg.Client,
  who: Person,
  sql: string,
  params: unknown[] = [],
): Promise<pg.QueryResult> {
  try {
    await client.query('begin');
    await client.query('set local role authenticated');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: who.id, role: 'authenticated', email: who.email, aal: 'aal1' }),
    ]);
    const result = await client.query(sql, params);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw new Error(`as ${who.email}: ${sql.slice(0, 80)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

async function one<T>(
  client: pg.Client,
  who: Person,
  sql: string,
  params: unknown[] = [],
): Promise<T> {
  return (await asUser(client, who, sql, params)).rows[0]?.v as T;
}

/** Existing sellers, made through the OLD schema (its functions and its column names). */
async function seedOldSellers(url: string): Promise<Cast> {
  const person = (name: string): Person => {
    const id = uuid();
    return { id, email: `${name}-${id.slice(0, 6)}@example.test` };
  };
  const ids: Record<string, string> = {};
  const [owner, manager, picker, removed, other, power] = [
    person('elite-owner'),
    person('manager'),
    person('picker'),
    person('removed'),
    person('free-owner'),
    person('power-owner'),
  ];
  const su = new pg.Client({ connectionString: url });
  await su.connect();
  try {
    await seedAs(su, { owner, manager, picker, removed, other, power }, ids);
  } finally {
    await su.end();
  }
  return { owner, manager, picker, removed, other, power, account: owner.id, ids };
}

async function seedAs(
  su: pg.Client,
  cast: Pick<Cast, 'owner' | 'manager' | 'picker' | 'removed' | 'other' | 'power'>,
  ids: Record<string, string>,
): Promise<void> {
  const { owner, manager, picker, removed, other, power } = cast;
  {
    const everyone = [owner, manager, picker, removed, other, power];
    await su.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data)
       select u.id, 'authenticated', 'authenticated', u.email, '$2a$10$abcdefghijklmnopqrstuv' || repeat('x', 31), now(),
              '{"provider":"email","providers":["email"]}'
         from unnest($1::uuid[], $2::text[]) as u(id, email)`,
      [everyone.map((p) => p.id), everyone.map((p) => p.email)],
    );
    // signed in: identities, a session with its refresh token, and the owner's factor
    for (const p of everyone) {
      const session = uuid();
      await su.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
         values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text), 'email', now(), now())`,
        [p.id, p.email],
      );
      await su.query(
        `insert into auth.sessions (id, user_id, created_at, updated_at, aal, ip, user_agent)
         values ($1, $2, now(), now(), 'aal1', '127.0.0.1', 'compare-migrations')`,
        [session, p.id],
      );
      await su.query(
        `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, session_id)
         values ($1, $2, false, now(), now(), $3)`,
        [`rt-${p.id}`, p.id, session],
      );
    }
    await su.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'phone', 'totp', 'unverified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [owner.id],
    );
    // plans, as the Stripe webhook records them
    await su.query(
      `update public.subscriptions set plan_id = 'elite', status = 'active', stripe_customer_id = 'cus_elite',
              stripe_subscription_id = 'sub_elite', stripe_synced_at = now() where user_id = $1`,
      [owner.id],
    );
    await su.query(
      `update public.subscriptions set plan_id = 'power', status = 'past_due', stripe_customer_id = 'cus_power',
              stripe_subscription_id = 'sub_power', overdue_date = now(), deadline_date = now() + interval '7 days'
        where user_id = $1`,
      [power.id],
    );
  }

  const v = async (key: string, who: Person, sql: string, params: unknown[] = []) => {
    ids[key] = await one<string>(su, who, sql, params);
  };
  // the elite owner's stockroom
  await v('room', owner, `select (public.add_room('Garage')).room_id as v`);
  await v('isle', owner, `select (public.add_isle($1)) -> 'isle' ->> 'isle_id' as v`, [ids.room]);
  await v('unitA', owner, `select unit_id as v from public.storage_units where isle_id = $1`, [
    ids.isle,
  ]);
  await v('unitB', owner, `select (public.add_unit($1)).unit_id as v`, [ids.isle]);
  await v('shelf1', owner, `select (public.add_shelf($1)).shelf_id as v`, [ids.unitA]);
  await v('shelf2', owner, `select (public.add_shelf($1)).shelf_id as v`, [ids.unitA]);
  await v(
    'mug',
    owner,
    `select (public.add_item($1, 'Blue mug', 5, '5012345678900', 'MUG-1', 4.5, '2030-01-01', 2)).item_id as v`,
    [ids.shelf1],
  );
  await v('teapot', owner, `select (public.add_item($1, 'Teapot', 1)).item_id as v`, [ids.shelf1]);
  await v('spoon', owner, `select (public.add_item($1, 'Spoon', 0)).item_id as v`, [ids.shelf2]);
  await asUser(su, owner, `select public.move_items(array[$1::uuid], $2)`, [ids.spoon, ids.shelf1]);
  await v('backup', owner, `select (public.create_backup()).backup_id as v`);
  await asUser(su, owner, `select public.remove_items(array[$1::uuid])`, [ids.teapot]);
  await v(
    'change',
    owner,
    `select change_id as v from public.undo_changes where action = 'remove_items'`,
  );
  await asUser(su, owner, `update public.user_preferences set currency = 'EUR', floor_size = 30`);
  await asUser(
    su,
    owner,
    `select public.save_ebay_tokens('access-elite', 'refresh-elite', now() + interval '2 hours')`,
  );
  await v('importId', owner, `select gen_random_uuid()::text as v`);
  await asUser(
    su,
    owner,
    `insert into public.import_batches (import_id, batch_no, rows) values ($1, 0, $2)`,
    [ids.importId, JSON.stringify([{ item_name: 'Staged', quantity: 1, shelf_id: ids.shelf2 }])],
  );
  // the team: a manager and a picker who joined, and a member who was removed
  for (const [who, role] of [
    [manager, 'manager'],
    [picker, 'picker'],
    [removed, 'picker'],
  ] as const) {
    const invitation = await one<string>(
      su,
      owner,
      `select (public.invite_member($1, $2)).id as v`,
      [who.email, role],
    );
    await asUser(su, who, `select public.accept_invitation($1)`, [invitation]);
  }
  await asUser(su, owner, `select public.remove_member($1)`, [removed.id]);
  await v(
    'invitation',
    owner,
    `select (public.invite_member('pending@example.test', 'picker')).id as v`,
  );
  await asUser(su, picker, `select public.pick_order_line('12-345', 'L1', $1, 1)`, [ids.mug]);
  await asUser(su, picker, `select public.update_item($1, '{"quantity": 7}')`, [ids.mug]);
  await asUser(su, manager, `select public.link_sku('EBAY-MUG', $1)`, [ids.mug]);
  await asUser(
    su,
    manager,
    `insert into public.dismissed_notifications (notification_id, item_id) values ('expiry-' || $1 || '-30', $1::uuid)`,
    [ids.mug],
  );

  {
    // what the server writes: listings, inventory, a sync under way, a rate limit, a webhook event
    await su.query(
      `insert into public.ebay_processed_listings (user_id, listing_id, title, quantity, sku, seen_at)
       values ($1, 'LISTING-1', 'Blue mug, boxed', 2, 'MUG-1', now()), ($1, 'LISTING-2', 'Old teapot', 1, null, now())`,
      [owner.id],
    );
    await su.query(
      `insert into public.ebay_inventory (user_id, inventory, total_items, fetched_at)
       values ($1, '[{"sku":"MUG-1","quantity":2}]', 1, now())`,
      [owner.id],
    );
    await su.query(
      `insert into public.ebay_syncs (user_id, kind, next_page, total_pages, fetched) values ($1, 'listings', 2, 3, 100)`,
      [owner.id],
    );
    await su.query(`select * from public.hit_rate_limit($1, 'ebay-listings', 60)`, [owner.id]);
    await su.query(
      `insert into public.stripe_events (event_id, type, processed_at) values ('evt_1', 'invoice.paid', now())`,
    );
  }

  // the power seller and the free seller
  const pRoom = await one<string>(su, power, `select (public.add_room('Loft')).room_id as v`);
  await one(su, power, `select (public.add_room('Shed')).room_id as v`);
  const pIsle = await one<string>(
    su,
    power,
    `select public.add_isle($1) -> 'isle' ->> 'isle_id' as v`,
    [pRoom],
  );
  const pUnit = await one<string>(
    su,
    power,
    `select unit_id as v from public.storage_units where isle_id = $1`,
    [pIsle],
  );
  const pShelf = await one<string>(su, power, `select (public.add_shelf($1)).shelf_id as v`, [
    pUnit,
  ]);
  for (const name of ['Lamp', 'Chair', 'Frame']) {
    await asUser(su, power, `select public.add_item($1, $2, 2)`, [pShelf, name]);
  }
  await asUser(su, power, `select public.create_backup()`);
  const fRoom = await one<string>(su, other, `select (public.add_room('Cupboard')).room_id as v`);
  const fIsle = await one<string>(
    su,
    other,
    `select public.add_isle($1) -> 'isle' ->> 'isle_id' as v`,
    [fRoom],
  );
  const fUnit = await one<string>(
    su,
    other,
    `select unit_id as v from public.storage_units where isle_id = $1`,
    [fIsle],
  );
  const fShelf = await one<string>(su, other, `select (public.add_shelf($1)).shelf_id as v`, [
    fUnit,
  ]);
  await asUser(su, other, `select public.add_item($1, 'Kettle', 1)`, [fShelf]);
}

// ---------------------------------------------------------------------------------------------
// What a database shows
// ---------------------------------------------------------------------------------------------

export interface Observation {
  /** table → primary key → row (as to_jsonb gives it), old rows already renamed */
  rows: Record<string, Record<string, unknown>>;
  /** account → its plan's limits and features */
  plans: Record<string, unknown>;
  /** `actor table command` → what happened */
  rls: Record<string, string>;
  /** `actor function` → what happened (with the rows for read-only functions) */
  rpc: Record<string, string>;
}

const SCHEMAS = ['auth', 'public', 'private', 'storage'];
/** Rows whose difference is the point of the comparison tool, not the seller's data. */
const SKIPPED_TABLES = new Set([
  'supabase_migrations.schema_migrations',
  'supabase_migrations.local_setup',
]);

/** Tables (and reference rows) added since the account model: after only, listed, not compared. */
export const ADDED_TABLES: Record<string, string> = {
  'public.ebay_orders': "the account's eBay orders, kept for every member's device (issue 39)",
  'public.ebay_order_lines': 'their lines',
  'public.ebay_order_fetches': "when the account's orders were last fetched",
  'public.item_photos': 'photos of items (issue 40)',
  'storage.buckets': 'the item-photos bucket, created by its migration',
};

/**
 * Columns added since the account model whose value the database gives (a label code, a plan's
 * figure) or that nothing has set yet: listed, and left out of both sides of the comparison.
 */
export const GIVEN_COLUMNS: Record<string, Record<string, string>> = {
  'public.storage_shelves': {
    code: 'the label code the database gives (issue 41)',
    last_counted_at: 'set by a shelf count',
    last_counted_by: 'set by a shelf count',
  },
  'public.storage_units': { code: 'the label code the database gives (issue 41)' },
  'public.plans': { max_photo_bytes: "each plan's photo storage (issue 40)" },
  'public.ebay_tokens': { ebay_user: 'the eBay user name, read at the next connect' },
  'public.backups': {
    room_count: "the snapshot's rooms, for the restore's limit notice (issue 39)",
    unit_count: "the snapshot's units, for the restore's limit notice (issue 39)",
  },
};

function withoutGiven(table: string, row: Record<string, unknown>): Record<string, unknown> {
  const given = GIVEN_COLUMNS[table];
  if (!given) return row;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !(column in given)));
}

/** JSON with sorted keys, so two equal rows print equal. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

async function primaryKeys(client: pg.Client): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ tbl: string; cols: string[] }>(
    `select c.conrelid::regclass::text as tbl,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'p' and n.nspname = any ($1)`,
    [SCHEMAS],
  );
  return new Map(rows.map((r) => [r.tbl.includes('.') ? r.tbl : `public.${r.tbl}`, r.cols]));
}

async function tableNames(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ tbl: string }>(
    `select n.nspname || '.' || c.relname as tbl from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any ($1) order by 1`,
    [SCHEMAS],
  );
  return rows.map((r) => r.tbl).filter((t) => !SKIPPED_TABLES.has(t) && !ADDED_TABLES[t]);
}

/** Every row, keyed by table and primary key; `old` rows are carried (renamed) first. */
async function observeRows(client: pg.Client, old: boolean): Promise<Observation['rows']> {
  const keys = await primaryKeys(client);
  const out: Observation['rows'] = {};
  for (const table of await tableNames(client)) {
    const { rows } = await client.query<{ row: Record<string, unknown> }>(
      `select to_jsonb(t) as row from ${table} t`,
    );
    const pk = keys.get(table) ?? keys.get(table.replace(/^public\./, ''));
    out[table] = {};
    for (const { row } of rows) {
      let r = withoutGiven(table, old ? carriedRow(table, row) : row);
      if (old && table === 'public.accounts')
        r = { ...r, ...(await addedAccountColumns(client, row)) };
      if (old)
        for (const [column, { value }] of Object.entries(LATER_COLUMNS[table] ?? {}))
          r = { ...r, [column]: value };
      const key = pk
        ? pk.map((c) => String(r[COLUMN_RENAMES[table]?.[c] ?? c] ?? r[c])).join('|')
        : stable(r);
      out[table]![key] = r;
    }
  }
  return out;
}

/** ADDED_COLUMNS of an old account, worked out here from the old rows (not by the carry-over). */
async function addedAccountColumns(
  client: pg.Client,
  account: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { rows } = await client.query<{ owner: string; plan: string }>(
    `select m.user_id as owner, p.plan_id as plan from public.account_members m
       left join public.profiles p on p.id = m.user_id
      where m.account_id = $1 and m.role = 'owner'`,
    [account.id],
  );
  return {
    primary_owner_user_id: rows[0]?.owner ?? null,
    personal_account: rows[0]?.owner === account.id,
    plan_id: rows[0]?.plan ?? null,
    updated_at: account.created_at,
  };
}

async function observePlans(client: pg.Client, old: boolean): Promise<Observation['plans']> {
  const { rows } = await client.query<{ id: string; plan: Record<string, unknown> }>(
    `select a.id, to_jsonb(${old ? 'private.user_plan(a.id)' : 'private.account_plan(a.id)'}) as plan
       from public.accounts a order by a.id`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, withoutGiven('public.plans', r.plan)]));
}

/** The outcome of a statement as an actor: ok, or what refused it. */
function outcome(error: unknown): string {
  const e = error as pg.DatabaseError;
  const message = e.message ?? String(error);
  const kind =
    e.code === '42501'
      ? /row-level security/i.test(message)
        ? 'rls'
        : /permission denied/i.test(message)
          ? 'privilege'
          : /cannot do this|only the account owner/i.test(message)
            ? 'role'
            : /PLAN_FEATURE/.test(message)
              ? 'plan'
              : 'refused'
      : /PLAN_LIMIT|LIMIT_REACHED/.test(message)
        ? 'limit'
        : '';
  return `error ${e.code ?? '?'}${kind ? ` ${kind}` : ''}`;
}

/**
 * Runs `sql` (no parameters: one round trip with its savepoint) as the actor, always rolled back;
 * returns the outcome.
 */
async function probe(client: pg.Client, sql: string): Promise<string> {
  try {
    const results = (await client.query(
      `savepoint probe; ${sql}; rollback to savepoint probe`,
    )) as unknown as pg.QueryResult<{ v: unknown }>[];
    return `ok ${stable(results[1]?.rows[0]?.v ?? null)}`;
  } catch (error) {
    await client.query('rollback to savepoint probe');
    return outcome(error);
  }
}

/** The insert probe of each table the browser may insert into: a row of the actor's account, made new. */
const INSERT_PROBES: Record<string, Record<string, unknown>> = {
  storage_rooms: { room_id: 'NEW', room_index: null, room_name: 'Probe room' },
  storage_isles: { isle_id: 'NEW', isle_index: null },
  storage_units: { unit_id: 'NEW', unit_index: null, unit_name: 'Probe' },
  storage_shelves: { shelf_id: 'NEW', shelf_index: null },
  storage_items: { item_id: 'NEW', item_name: 'Probe item', barcode: null, sku: null },
  dismissed_notifications: { id: 'NEW', notification_id: 'probe' },
  import_batches: { import_id: 'NEW', batch_no: 1 },
  sku_links: { sku: 'PROBE-SKU' },
  order_picks: { order_id: 'probe', line_item_id: 'probe' },
  user_preferences: {},
  ebay_tokens: {},
};

interface Actor {
  label: string;
  who: Person;
}

function actors(cast: Cast): Actor[] {
  return [
    { label: 'owner', who: cast.owner },
    { label: 'manager', who: cast.manager },
    { label: 'picker', who: cast.picker },
    { label: 'removed member', who: cast.removed },
    { label: 'other seller', who: cast.other },
  ];
}

async function actAs(client: pg.Client, who: Person): Promise<void> {
  await client.query('begin');
  await client.query('set local role authenticated');
  await client.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: who.id, role: 'authenticated', email: who.email, aal: 'aal1' }),
  ]);
}

/** What each actor sees and may do in each table of the API. */
async function observeRls(url: string, cast: Cast, old: boolean): Promise<Observation['rls']> {
  const accountColumn = (table: string) =>
    COLUMN_RENAMES[`public.${table}`] ? (old ? 'user_id' : 'account_id') : null;
  const su = new pg.Client({ connectionString: url });
  await su.connect();
  const out: Observation['rls'] = {};
  try {
    const keys = await primaryKeys(su);
    const tables = (await tableNames(su))
      .filter((t) => t.startsWith('public.'))
      .map((t) => t.slice('public.'.length));
    // the columns the browser may update and insert, per table
    const granted = async (privilege: string) => {
      const { rows } = await su.query<{ tbl: string; cols: string[] }>(
        `select c.relname::text as tbl,
                array_agg(a.attname::text order by a.attname in ('user_id', 'account_id'), a.attnum) as cols
           from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
            and has_column_privilege('authenticated', c.oid, a.attnum, $1)
          group by c.relname`,
        [privilege],
      );
      return new Map(rows.map((r) => [r.tbl, r.cols]));
    };
    const updatable = new Map(
      [...(await granted('UPDATE'))].map(([t, cols]) => [
        t,
        cols.map((c) => pg.escapeIdentifier(c)),
      ]),
    );
    const insertableColumns = await granted('INSERT');
    for (const actor of actors(cast)) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await actAs(client, actor.who);
        const account = (
          await client.query<{ a: string | null }>('select private.current_account() as a')
        ).rows[0]?.a;
        for (const table of tables) {
          const at = `${actor.label} ${table}`;
          const pk = (keys.get(`public.${table}`) ?? keys.get(table) ?? []).map((c) =>
            pg.escapeIdentifier(c),
          );
          out[`${at} select`] = await probe(
            client,
            `select jsonb_build_object('rows', count(*), 'keys', md5(coalesce(string_agg(k, ',' order by k), ''))) as v
               from (select concat_ws('|', ${pk.length ? pk.join(', ') : "'-'"}) as k from public.${table}) t`,
          );
          const columns = updatable.get(table) ?? [];
          out[`${at} update`] = columns.length
            ? await probe(
                client,
                `with u as (update public.${table} set ${columns[0]} = ${columns[0]} returning 1) select count(*) as v from u`,
              )
            : 'no grant';
          out[`${at} delete`] = await probe(
            client,
            `with d as (delete from public.${table} returning 1) select count(*) as v from d`,
          );
          const patch = INSERT_PROBES[table];
          const accountCol = accountColumn(table);
          if (!patch || !accountCol) {
            out[`${at} insert`] = await probe(
              client,
              `insert into public.${table} default values returning 1 as v`,
            );
            continue;
          }
          const { rows: sample } = await su.query<{ row: Record<string, unknown> }>(
            `select to_jsonb(t) as row from public.${table} t where ${accountCol} = $1
              order by ${pk.length ? pk.join(', ') : '1'} limit 1`,
            [account],
          );
          if (!sample[0]) {
            out[`${at} insert`] = 'no row of the account to copy';
            continue;
          }
          const row = { ...sample[0].row };
          for (const [k, v] of Object.entries(patch)) row[k] = v === 'NEW' ? uuid() : v;
          const insertable = (insertableColumns.get(table) ?? [])
            .filter((c) => c in row)
            .map((c) => pg.escapeIdentifier(c));
          out[`${at} insert`] = await probe(
            client,
            `with i as (insert into public.${table} (${insertable.join(', ')})
                        select ${insertable.join(', ')} from jsonb_populate_record(null::public.${table}, $1) returning 1)
             select count(*) as v from i`.replace('$1', pg.escapeLiteral(JSON.stringify(row))),
          );
        }
        await client.query('rollback');
      } finally {
        await client.end();
      }
    }
  } finally {
    await su.end();
  }
  return out;
}

/**
 * A call of every function in public, with arguments from the elite owner's account (${...} are
 * Cast ids). Read-only functions also give their rows. A function of the API without a probe
 * here is reported, so a new one cannot slip past.
 */
const RPC_PROBES: Record<string, { call: string; reads?: boolean }> = {
  add_room: { call: `add_room('Probe room')` },
  add_isle: { call: `add_isle(\${room})` },
  add_unit: { call: `add_unit(\${isle})` },
  add_shelf: { call: `add_shelf(\${unitA})` },
  remove_shelf: { call: `remove_shelf(\${shelf2})` },
  remove_isle: { call: `remove_isle(\${isle})` },
  remove_unit: { call: `remove_unit(\${unitB})` },
  update_room: { call: `update_room(\${room}, 'Renamed')` },
  remove_room: { call: `remove_room(\${room})` },
  rename_unit: { call: `rename_unit(\${unitA}, 'Z')` },
  renumber_isle: { call: `renumber_isle(\${isle}, 5)` },
  add_item: { call: `add_item(\${shelf1}, 'Probe', 1)` },
  update_item: { call: `update_item(\${mug}, '{"quantity": 3}')` },
  move_items: { call: `move_items(array[\${mug}], \${shelf2})` },
  remove_items: { call: `remove_items(array[\${mug}])` },
  low_stock_items: { call: `low_stock_items()`, reads: true },
  add_scanned_items: { call: `add_scanned_items(\${shelf1}, '[{"barcode": "PROBE-1"}]')` },
  assign_barcodes: { call: `assign_barcodes(array[\${spoon}])` },
  import_items: {
    call: `import_items(jsonb_build_array(jsonb_build_object('item_name', 'Probe', 'quantity', 1, 'shelf_id', \${shelf1})))`,
  },
  commit_import: { call: `commit_import(\${importId}, 1)` },
  discard_import: { call: `discard_import(\${importId})` },
  undo_change: { call: `undo_change(\${change})` },
  undoable_changes: { call: `undoable_changes()`, reads: true },
  create_backup: { call: `create_backup()` },
  restore_backup: { call: `restore_backup(\${backup})` },
  backup_deleted_things: { call: `backup_deleted_things(\${backup})`, reads: true },
  restore_from_backup: { call: `restore_from_backup(\${backup}, 'item', \${teapot})` },
  save_ebay_tokens: { call: `save_ebay_tokens('probe-token')` },
  place_listing: { call: `place_listing('LISTING-1', \${shelf1})` },
  pick_order_line: { call: `pick_order_line('99-999', 'L9', \${mug}, 1)` },
  unpick_order_line: { call: `unpick_order_line('12-345', 'L1')` },
  link_sku: { call: `link_sku('PROBE-SKU', \${mug})` },
  save_room_layout: { call: `save_room_layout(\${room}, '[]')` },
  room_shelf_fill: { call: `room_shelf_fill(\${room})`, reads: true },
  has_plan_feature: { call: `has_plan_feature('orders')`, reads: true },
  invite_member: { call: `invite_member('probe@example.test', 'picker')` },
  withdraw_invitation: { call: `withdraw_invitation(\${invitation})` },
  accept_invitation: { call: `accept_invitation(\${invitation})` },
  change_member_role: { call: `change_member_role(\${picker}, 'manager')` },
  remove_member: { call: `remove_member(\${picker})` },
  leave_account: { call: `leave_account(\${account})` },
  switch_account: { call: `switch_account(\${account})` },
  team_members: { call: `team_members()`, reads: true },
  my_accounts: { call: `my_accounts()`, reads: true },
  my_invitations: { call: `my_invitations()`, reads: true },
  has_password: { call: `has_password()`, reads: true },
  // service role only
  remove_excess_storage: { call: `remove_excess_storage(\${account})` },
  archive_excess_storage: { call: `archive_excess_storage(\${account})` },
  downgrade_overdue_account: { call: `downgrade_overdue_account(\${account})` },
  hit_rate_limit: { call: `hit_rate_limit(\${account}, 'probe', 60)` },
  get_ebay_token: { call: `get_ebay_token(\${account}, 'orders')` },
  create_daily_backups: { call: `create_daily_backups()` },
};

/**
 * Columns added since the account model, which a carried-over row holds at their default: they
 * are listed, and an old row is compared with that default in them.
 */
export const LATER_COLUMNS: Record<string, Record<string, { value: unknown; why: string }>> = {
  'public.ebay_syncs': {
    next_href: { value: null, why: "eBay's next link, kept from the next sync on" },
  },
};

/** Functions added since the account model: they exist after only, and are listed, not compared. */
export const ADDED_FUNCTIONS: Record<string, string> = {
  transfer_ownership: 'the owner hands the account to another member (owner only)',
  release_invitation_mail:
    'an invitation mail Auth did not send gives back what it took (service role)',
  apply_shelf_count: 'a shelf count applied whole or refused (issue 41)',
  shelves_not_counted: 'shelves not counted in N days (issue 41)',
  ebay_shelf_check: 'listings on no shelf, shelved items not listed (issue 41)',
  ebay_unpicked_lines: 'order lines not picked after N days (issue 41)',
  get_ebay_connection: "the account's eBay connection state for its members (issue 39)",
  store_ebay_orders: "one page of the account's eBay orders (service role, issue 39)",
  ebay_order_accounts_due: 'accounts whose orders the schedule fetches (service role, issue 39)',
  forget_removed_photos:
    'photo rows of items past their undo window, for the cleanup (service role, issue 40)',
  session_end_reason:
    'whether a password change ended a session, for the signed-out device (service role, issue 39)',
  orphan_photo_files:
    'photo files no row or kept backup names, for the cleanup (service role, issue 40)',
};

function fill(call: string, cast: Cast): string {
  const values: Record<string, string> = {
    ...cast.ids,
    account: cast.account,
    picker: cast.picker.id,
    manager: cast.manager.id,
  };
  return call.replace(/\$\{(\w+)\}/g, (_, k: string) => {
    const value = values[k];
    if (value === undefined) throw new Error(`no id for \${${k}}`);
    return `${pg.escapeLiteral(value)}::uuid`;
  });
}

async function observeRpc(url: string, cast: Cast): Promise<Observation['rpc']> {
  const su = new pg.Client({ connectionString: url });
  await su.connect();
  const out: Observation['rpc'] = {};
  try {
    const { rows: functions } = await su.query<{ name: string; callable: boolean }>(
      `select p.proname as name, bool_or(has_function_privilege('authenticated', p.oid, 'execute')) as callable
         from pg_proc p where p.pronamespace = 'public'::regnamespace group by p.proname order by 1`,
    );
    for (const actor of actors(cast)) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await actAs(client, actor.who);
        for (const fn of functions) {
          if (ADDED_FUNCTIONS[fn.name]) continue;
          const key = `${actor.label} ${fn.name}`;
          const probeCall = RPC_PROBES[fn.name];
          if (!probeCall) {
            out[key] = 'no probe for this function (add one to RPC_PROBES)';
          } else if (!fn.callable) {
            out[key] = 'no execute';
          } else {
            const call = `public.${fill(probeCall.call, cast)}`;
            out[key] = await probe(
              client,
              probeCall.reads
                ? `select coalesce(jsonb_agg(to_jsonb(r) order by to_jsonb(r)::text), '[]') as v from ${call} r`
                : `select count(*) as v from ${call}`,
            );
            if (!probeCall.reads && out[key].startsWith('ok')) out[key] = 'ok';
          }
        }
        await client.query('rollback');
      } finally {
        await client.end();
      }
    }
  } finally {
    await su.end();
  }
  return out;
}

async function observe(url: string, cast: Cast, old: boolean): Promise<Observation> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows: Observation['rows'];
  let plans: Observation['plans'];
  try {
    rows = await observeRows(client, old);
    plans = await observePlans(client, old);
  } finally {
    await client.end();
  }
  return { rows, plans, rls: await observeRls(url, cast, old), rpc: await observeRpc(url, cast) };
}

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

function compareMaps(
  what: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [a, b] = [before[key], after[key]];
    if (a === undefined) out.push(`${what} ${key}: only after: ${stable(b)}`);
    else if (b === undefined) out.push(`${what} ${key}: only before: ${stable(a)}`);
    else if (stable(a) !== stable(b))
      out.push(`${what} ${key}:\n    before ${stable(a)}\n    after  ${stable(b)}`);
  }
  return out;
}

export function differences(before: Observation, after: Observation): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(before.rows), ...Object.keys(after.rows)])) {
    out.push(...compareMaps(`row ${table}`, before.rows[table] ?? {}, after.rows[table] ?? {}));
  }
  out.push(...compareMaps('plan of account', before.plans, after.plans));
  out.push(...compareMaps('rls', before.rls, after.rls));
  out.push(...compareMaps('rpc', before.rpc, after.rpc));
  return out;
}

/** The renames the comparison allows, as lines for the reader. */
export function listedRenames(): string[] {
  const lines: string[] = [];
  for (const [table, renames] of Object.entries(COLUMN_RENAMES)) {
    lines.push(
      `${table}: ${Object.entries(renames)
        .map(([a, b]) => `${a} → ${b}`)
        .join(', ')}`,
    );
  }
  for (const [table, columns] of Object.entries(DROPPED_COLUMNS)) {
    for (const [c, where] of Object.entries(columns)) lines.push(`${table}.${c}: gone (${where})`);
  }
  for (const [table, columns] of Object.entries(ADDED_COLUMNS)) {
    for (const [c, how] of Object.entries(columns)) lines.push(`${table}.${c}: new (${how})`);
  }
  for (const [table, columns] of Object.entries(JSON_ROW_COLUMNS)) {
    lines.push(`${table}.${columns.join(', ')}: row images' user_id → account_id`);
  }
  for (const [table, columns] of Object.entries(GIVEN_COLUMNS)) {
    for (const [c, why] of Object.entries(columns))
      lines.push(`${table}.${c}: new, not compared (${why})`);
  }
  for (const [table, why] of Object.entries(ADDED_TABLES)) lines.push(`${table}: new (${why})`);
  for (const [table, columns] of Object.entries(LATER_COLUMNS)) {
    for (const [c, { value, why }] of Object.entries(columns))
      lines.push(`${table}.${c}: new, ${JSON.stringify(value)} (${why})`);
  }
  for (const [fn, what] of Object.entries(ADDED_FUNCTIONS))
    lines.push(`public.${fn}: new (${what})`);
  return lines;
}

export interface ComparisonResult {
  differences: string[];
  before: Observation;
  after: Observation;
  /** How much was compared, for the reader. */
  compared: { rows: number; tables: number; accounts: number; rls: number; rpc: number };
  seconds: number;
}

/** Builds, seeds, observes, carries over, observes again and compares (see the top of the file). */
export async function compareCarryOver(
  opts: {
    base?: string;
    log?: (line: string) => void;
    /** Runs before the throwaway server stops: the carried database and the old one kept. */
    afterwards?: (dbs: { carried: string; kept: string }) => Promise<void>;
  } = {},
): Promise<ComparisonResult> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-compare-'));
  await fs.chmod(work, 0o755); // Postgres runs as its own user and must reach its data folder
  const oldDir = path.join(work, 'old-migrations');
  await fs.mkdir(oldDir);
  const tar = execFileSync('git', ['archive', opts.base ?? DEFAULT_BASE, 'supabase/migrations'], {
    cwd: ROOT_DIR,
  });
  execFileSync('tar', ['-x', '-C', oldDir, '--strip-components=2'], { input: tar });
  const server = await startEmbeddedPostgres({
    dataDir: path.join(work, 'db'),
    port: await freePort(),
    ephemeral: true,
    log,
  });
  try {
    const url = await createDatabase(server.url, 'sellers');
    await migrate(url, 'compare-migrations', oldDir);
    log(
      `built the old schema (${opts.base ?? DEFAULT_BASE}) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const cast = await seedOldSellers(url);
    log(`seeded the old database (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const before = await observe(url, cast, true);
    log(`observed the old database (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const kept = await carryOverInPlace(url, { authenticatorPassword: 'compare-migrations', log });
    log(`carried it over (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const after = await observe(url, cast, false);
    log(`observed the new database (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    // the old database is kept, unchanged: its rows are what was observed before
    const keptUrl = new URL(url);
    keptUrl.pathname = `/${kept}`;
    const keptClient = new pg.Client({ connectionString: keptUrl.toString() });
    await keptClient.connect();
    const keptRows = await observeRows(keptClient, true).finally(() => keptClient.end());
    await opts.afterwards?.({ carried: url, kept: keptUrl.toString() });
    const diffs = [
      ...differences(before, after),
      ...compareMaps('the old database kept', before.rows, keptRows).map(
        (d) => `${d} (changed by the carry-over)`,
      ),
    ];
    return {
      differences: diffs,
      before,
      after,
      compared: {
        rows: Object.values(before.rows).reduce((n, t) => n + Object.keys(t).length, 0),
        tables: Object.keys(before.rows).length,
        accounts: Object.keys(before.plans).length,
        rls: Object.keys(before.rls).length,
        rpc: Object.keys(before.rpc).length,
      },
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await server.stop();
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const base =
    process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : DEFAULT_BASE;
  console.log(`Carrying sellers of ${base}'s schema over to the working tree's. Listed renames:`);
  for (const line of listedRenames()) console.log(`  ${line}`);
  const result = await compareCarryOver({ base, log: (line) => console.error(line) });
  const dump = process.argv.indexOf('--dump');
  if (dump > 0 && process.argv[dump + 1]) {
    await fs.writeFile(
      process.argv[dump + 1]!,
      JSON.stringify({ before: result.before, after: result.after }, null, 1),
    );
  }
  const { rows, tables, accounts, rls, rpc } = result.compared;
  if (result.differences.length > 0) {
    console.log(`\n${result.differences.length} difference(s) beyond the listed renames:\n`);
    for (const d of result.differences) console.log(`- ${d}`);
    process.exitCode = 1;
  } else {
    console.log(
      `\nNothing changed but the listed renames: ${rows} rows of ${tables} tables, the plans of ${accounts} accounts, ` +
        `${rls} table permissions and ${rpc} function calls of 5 roles compared (${result.seconds.toFixed(0)} s).`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
