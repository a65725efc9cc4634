import pg from 'pg';
import { migrate } from './migrate.ts';

/**
 * Carries a database built by the migrations from before the account model (issue #36: the 19
 * hand-written migrations the baseline replaced, git 7f1a5e6) over to the schema of today: its
 * rows are copied into a fresh database built by supabase/migrations, with the account model's
 * renames applied, and the fresh database takes the old one's name. Everything a seller had stays:
 * accounts keep their ids, users their ids, passwords, factors and sessions (they stay signed in),
 * every row its ids and values.
 *
 * The local stack runs it by itself when the database of its data folder has the old migration
 * history (local/stack.ts, one line says so), and scripts/compare-migrations.ts proves it changes
 * nothing but the renames listed here. Nothing is half done: the rows are copied and checked in
 * one transaction on the new database, the old one is only read, and only a complete copy is
 * swapped in; the old database is kept beside it under another name.
 */

/** The migrations the baseline replaced: a database whose history has them is carried over. */
export const OLD_MIGRATION_VERSIONS = [
  '20261122000100',
  '20261122000200',
  '20261122000300',
  '20261122000400',
  '20261122000500',
  '20261122000600',
  '20261122000700',
  '20261122000800',
  '20261122000900',
  '20261122001000',
  '20261122001100',
  '20261126000100',
  '20261126000200',
  '20261126000300',
  '20261126000400',
  '20261126000500',
  '20261127000100',
  '20261128000100',
  '20261128000200',
];

/** The stockroom tables whose `user_id` held the account: it is `account_id` now. */
export const ACCOUNT_TABLES = [
  'api_rate_limits',
  'backups',
  'dismissed_notifications',
  'ebay_inventory',
  'ebay_processed_listings',
  'ebay_syncs',
  'ebay_tokens',
  'import_batches',
  'order_picks',
  'sku_links',
  'storage_isles',
  'storage_items',
  'storage_rooms',
  'storage_shelves',
  'storage_units',
  'subscriptions',
  'undo_changes',
  'user_preferences',
];

/** Renamed columns, old name → new name, per table. */
export const COLUMN_RENAMES: Record<string, Record<string, string>> = {
  ...Object.fromEntries(ACCOUNT_TABLES.map((t) => [`public.${t}`, { user_id: 'account_id' }])),
  // the account, and the person who acted
  'public.storage_logs': { user_id: 'account_id', actor_id: 'user_id' },
};

/** Columns that went, with where their value lives now. */
export const DROPPED_COLUMNS: Record<string, Record<string, string>> = {
  'public.profiles': { plan_id: 'accounts.plan_id of the account the user owns' },
};

/** Columns that came, with how an existing row gets its value. */
export const ADDED_COLUMNS: Record<string, Record<string, string>> = {
  'public.accounts': {
    primary_owner_user_id: 'the user id of its member with role owner',
    personal_account: 'true where the account id equals that user id',
    plan_id: "its owner's profiles.plan_id",
    updated_at: 'its created_at',
  },
};

/**
 * jsonb columns holding rows of the renamed tables (a backup's snapshot, an undo's row images):
 * their keys follow the renames, so old backups restore and old changes undo as new ones do.
 */
export const JSON_ROW_COLUMNS: Record<string, string[]> = {
  'public.backups': ['snapshot'],
  'private.undo_rows': ['old_row', 'new_row'],
};

/** Tables whose rows the migrations own (reference data): never copied. */
const REFERENCE_TABLES = new Set(['public.plans']);

/** The schemas whose rows are a seller's: users and sessions (auth) and the app's. */
const DATA_SCHEMAS = ['auth', 'public', 'private', 'storage'];

export type DatabaseHistory =
  | { kind: 'empty' }
  | { kind: 'current' }
  | { kind: 'old' }
  | { kind: 'partial-old'; versions: string[] };

/** What built a database: nothing yet, today's migrations, or the old ones (all or some). */
export async function databaseHistory(url: string): Promise<DatabaseHistory> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client
      .query<{ version: string }>(
        `select version from supabase_migrations.schema_migrations
        where to_regclass('supabase_migrations.schema_migrations') is not null`,
      )
      .catch(() => ({ rows: [] as { version: string }[] }));
    const versions = rows.map((r) => r.version);
    const old = versions.filter((v) => OLD_MIGRATION_VERSIONS.includes(v));
    if (old.length === OLD_MIGRATION_VERSIONS.length) return { kind: 'old' };
    if (old.length > 0) return { kind: 'partial-old', versions: old };
    return versions.length === 0 ? { kind: 'empty' } : { kind: 'current' };
  } finally {
    await client.end();
  }
}

interface Column {
  name: string;
  generated: boolean;
}

async function tablesOf(client: pg.Client): Promise<Map<string, Column[]>> {
  const { rows } = await client.query<{ tbl: string; col: string; generated: boolean }>(
    `select n.nspname || '.' || c.relname as tbl, a.attname as col, a.attgenerated <> '' as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'p') and n.nspname = any ($1)
      order by 1, a.attnum`,
    [DATA_SCHEMAS],
  );
  const tables = new Map<string, Column[]>();
  for (const r of rows) {
    tables.set(r.tbl, [...(tables.get(r.tbl) ?? []), { name: r.col, generated: r.generated }]);
  }
  return tables;
}

/** Renames a row's keys (user_id → account_id, ...); keys not renamed stay. */
function renameKeys(
  row: Record<string, unknown>,
  renames: Record<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[renames[key] ?? key] = value;
  return out;
}

/** The row images inside a jsonb value (a snapshot's arrays, or one row) with their keys renamed. */
export function renameJsonRows(value: unknown): unknown {
  const renameRow = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? renameKeys(v as Record<string, unknown>, { user_id: 'account_id' })
      : v;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const obj = value as Record<string, unknown>;
  // a backup's snapshot: {version, rooms: [...], isles: [...], ...}
  if ('version' in obj) {
    return Object.fromEntries(
      Object.entries(obj).map(([k, v]) => [k, Array.isArray(v) ? v.map(renameRow) : v]),
    );
  }
  return renameRow(obj);
}

/** An old row as the new table has it: renamed columns, renamed jsonb keys, dropped columns gone. */
export function carriedRow(table: string, row: Record<string, unknown>): Record<string, unknown> {
  const out = renameKeys(row, COLUMN_RENAMES[table] ?? {});
  for (const column of Object.keys(DROPPED_COLUMNS[table] ?? {})) delete out[column];
  for (const column of JSON_ROW_COLUMNS[table] ?? []) {
    if (column in out) out[column] = renameJsonRows(out[column]);
  }
  return out;
}

/** The old accounts with the columns the account model added (ADDED_COLUMNS), from the old rows. */
const OLD_ACCOUNTS = `
  select to_jsonb(a) || jsonb_build_object(
           'primary_owner_user_id', o.user_id,
           'personal_account', a.id = o.user_id,
           'plan_id', coalesce(p.plan_id, 'free'),
           'updated_at', a.created_at) as row
    from public.accounts a
    left join public.account_members o on o.account_id = a.id and o.role = 'owner'
    left join public.profiles p on p.id = o.user_id
   order by a.id`;

const BATCH = 500;

/**
 * Copies every row of `fromUrl` (a database built by the old migrations) into `toUrl` (a fresh
 * database built by today's migrations, holding no seller's rows yet), renamed as listed above,
 * in one transaction: triggers are off while copying (the rows are as they were, not as a new
 * insert would make them: no sign-up trigger, no stamps), then every foreign key, the row counts
 * and the owner of every account are checked before it commits. Returns rows copied per table.
 */
export async function carryOverRows(
  fromUrl: string,
  toUrl: string,
  log: (line: string) => void = () => undefined,
): Promise<Record<string, number>> {
  const from = new pg.Client({ connectionString: fromUrl });
  const to = new pg.Client({ connectionString: toUrl });
  await Promise.all([from.connect(), to.connect()]);
  const copied: Record<string, number> = {};
  try {
    await from.query('begin isolation level repeatable read read only');
    await to.query('begin');
    await to.query('set local session_replication_role = replica');
    const [oldTables, newTables] = await Promise.all([tablesOf(from), tablesOf(to)]);

    const leftOut = [...oldTables.keys()].filter(
      (t) => !newTables.has(t) && !t.startsWith('public.stack_probe'),
    );
    if (leftOut.length > 0) throw new Error(`no place in today's schema for ${leftOut.join(', ')}`);

    for (const [table, columns] of newTables) {
      if (REFERENCE_TABLES.has(table)) continue;
      const oldColumns = oldTables.get(table);
      if (!oldColumns) continue; // new in today's schema: nothing to carry
      const renames = COLUMN_RENAMES[table] ?? {};
      const known = new Set([
        ...columns.map((c) => c.name),
        ...Object.keys(renames),
        ...Object.keys(DROPPED_COLUMNS[table] ?? {}),
      ]);
      const lost = oldColumns.filter((c) => !known.has(c.name)).map((c) => c.name);
      if (lost.length > 0)
        throw new Error(`no place in today's schema for ${table}.${lost.join(', ')}`);

      const { rows } = await from.query<{ row: Record<string, unknown> }>(
        table === 'public.accounts' ? OLD_ACCOUNTS : `select to_jsonb(t) as row from ${table} t`,
      );
      if (rows.length === 0) continue;
      const carried = rows.map((r) => carriedRow(table, r.row));
      if (table === 'public.accounts') {
        const orphan = carried.find((r) => r.primary_owner_user_id === null);
        if (orphan) throw new Error(`account ${String(orphan.id)} has no member with role owner`);
      }
      // the new table's columns the old rows give (the others take their defaults)
      const given = new Set(Object.keys(carried[0]!));
      const targets = columns.filter((c) => !c.generated && given.has(c.name)).map((c) => c.name);
      const list = targets.map((c) => pg.escapeIdentifier(c)).join(', ');
      for (let i = 0; i < carried.length; i += BATCH) {
        await to.query(
          `insert into ${table} (${list}) overriding system value
           select ${list} from jsonb_populate_recordset(null::${table}, $1)`,
          [JSON.stringify(carried.slice(i, i + BATCH))],
        );
      }
      copied[table] = carried.length;
    }

    // identity and serial columns go on after the highest value copied
    await to.query(`
      do $$
      declare
        r record;
      begin
        for r in
          select s.oid::regclass as seq, a.attrelid::regclass as tbl, a.attname as col
            from pg_class s
            join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
                            and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
            join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
           where s.relkind = 'S'
        loop
          execute format('select setval(%L, coalesce((select max(%I) from %s), 1), (select max(%I) from %s) is not null)',
                         r.seq, r.col, r.tbl, r.col, r.tbl);
        end loop;
      end
      $$`);

    await to.query('set local session_replication_role = origin');
    const problems = [
      ...(await brokenForeignKeys(to)),
      ...(await unownedAccounts(to)),
      ...(await countsDiffer(from, to, copied)),
    ];
    if (problems.length > 0) throw new Error(problems.join('; '));
    await to.query('commit');
    log(
      `[carry-over] copied ${Object.values(copied).reduce((a, b) => a + b, 0)} rows of ${Object.keys(copied).length} tables`,
    );
    return copied;
  } catch (error) {
    await to.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await from.query('rollback').catch(() => undefined);
    await Promise.all([from.end(), to.end()]);
  }
}

/** Foreign keys some copied row breaks (they were not checked while triggers were off). */
async function brokenForeignKeys(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{
    name: string;
    child: string;
    parent: string;
    cols: string[];
    refs: string[];
  }>(
    `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
            array(select quote_ident(a.attname) from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
            array(select quote_ident(a.attname) from unnest(c.confkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as refs
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = any ($1)`,
    [DATA_SCHEMAS],
  );
  const broken: string[] = [];
  for (const fk of rows) {
    const notNull = fk.cols.map((c) => `t.${c} is not null`).join(' and ');
    const match = fk.cols.map((c, i) => `p.${fk.refs[i]} = t.${c}`).join(' and ');
    const { rows: bad } = await client.query<{ n: string }>(
      `select count(*) as n from ${fk.child} t
        where ${notNull} and not exists (select 1 from ${fk.parent} p where ${match})`,
    );
    if (Number(bad[0]?.n) > 0) broken.push(`${bad[0]?.n} row(s) of ${fk.child} break ${fk.name}`);
  }
  return broken;
}

/** Accounts whose primary owner is not their member with role owner. */
async function unownedAccounts(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `select a.id from public.accounts a
      where not exists (select 1 from public.account_members m
                         where m.account_id = a.id and m.user_id = a.primary_owner_user_id and m.role = 'owner')`,
  );
  return rows.map((r) => `account ${r.id}: its primary owner is not its owner member`);
}

async function countsDiffer(
  from: pg.Client,
  to: pg.Client,
  copied: Record<string, number>,
): Promise<string[]> {
  const out: string[] = [];
  for (const [table, n] of Object.entries(copied)) {
    const [a, b] = await Promise.all([
      from.query<{ n: string }>(`select count(*) as n from ${table}`),
      to.query<{ n: string }>(`select count(*) as n from ${table}`),
    ]);
    if (Number(a.rows[0]?.n) !== n || Number(b.rows[0]?.n) !== n) {
      out.push(`${table}: ${a.rows[0]?.n} rows before, ${b.rows[0]?.n} after`);
    }
  }
  return out;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Carries the database at `url` over in place: builds `<name>_carry_over` from today's migrations
 * on the same server, copies the rows into it (carryOverRows), then renames the old database to
 * `<name>_before_carry_over` (or with a number when that is taken) and the new one to `<name>`.
 * On any failure the new database is dropped and the old one is as it was. Nothing may be
 * connected to the old database (the stack calls it before it starts anything else).
 * Returns the name the old database is kept under.
 */
export async function carryOverInPlace(
  url: string,
  opts: { authenticatorPassword: string; migrationsDir?: string; log?: (line: string) => void },
): Promise<string> {
  const log = opts.log ?? (() => undefined);
  const name = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  const next = `${name}_carry_over`;
  // the maintenance connection: a database can only be renamed from another one
  const admin = new pg.Client({
    connectionString: withDatabase(url, name === 'template1' ? 'postgres' : 'template1'),
  });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(next)}`);
    // from template0: this connection is on template1, which CREATE DATABASE would copy
    await admin.query(`create database ${pg.escapeIdentifier(next)} template template0`);
    try {
      await migrate(withDatabase(url, next), opts.authenticatorPassword, opts.migrationsDir);
      await carryOverRows(url, withDatabase(url, next), log);
    } catch (error) {
      await admin
        .query(`drop database if exists ${pg.escapeIdentifier(next)}`)
        .catch(() => undefined);
      throw error;
    }
    const taken = new Set(
      (await admin.query<{ datname: string }>('select datname from pg_database')).rows.map(
        (r) => r.datname,
      ),
    );
    let kept = `${name}_before_carry_over`;
    for (let n = 2; taken.has(kept); n++) kept = `${name}_before_carry_over_${n}`;
    await admin.query(
      `alter database ${pg.escapeIdentifier(name)} rename to ${pg.escapeIdentifier(kept)}`,
    );
    try {
      await admin.query(
        `alter database ${pg.escapeIdentifier(next)} rename to ${pg.escapeIdentifier(name)}`,
      );
    } catch (error) {
      await admin.query(
        `alter database ${pg.escapeIdentifier(kept)} rename to ${pg.escapeIdentifier(name)}`,
      );
      await admin
        .query(`drop database if exists ${pg.escapeIdentifier(next)}`)
        .catch(() => undefined);
      throw error;
    }
    return kept;
  } finally {
    await admin.end();
  }
}

/**
 * At start: a database built by the old migrations is carried over (one line says so); one built
 * by only some of them cannot be, and the error says what to do. Anything else is left alone.
 */
export async function carryOverIfOld(
  url: string,
  opts: { authenticatorPassword: string; migrationsDir?: string; log: (line: string) => void },
): Promise<boolean> {
  const history = await databaseHistory(url);
  if (history.kind === 'partial-old') {
    throw new Error(
      `The database in this data folder was built by an older revision (${history.versions.length} of the ` +
        `${OLD_MIGRATION_VERSIONS.length} migrations before the account model) and cannot be carried over: ` +
        'start it once with git revision 7f1a5e6, or start empty with `npm start -- --fresh`.',
    );
  }
  if (history.kind !== 'old') return false;
  const started = Date.now();
  // quietly: the line below is the one the developer reads
  const kept = await carryOverInPlace(url, {
    authenticatorPassword: opts.authenticatorPassword,
    migrationsDir: opts.migrationsDir,
  });
  opts.log(
    `This data folder's database was built before the account model: its sellers, users and sessions were carried over ` +
      `to today's schema in ${((Date.now() - started) / 1000).toFixed(1)} s (the old database is kept as ${kept}; ` +
      '`npm start -- --fresh` starts empty).',
  );
  return true;
}
