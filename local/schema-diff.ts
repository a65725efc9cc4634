import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@pgkit/client';
import { run as migra } from '@pgkit/migra';
import pg from 'pg';
import { migrate } from './migrate.ts';
import { freePort } from './ports.ts';
import { startEmbeddedPostgres } from './postgres.ts';
import { buildFromSchemaFiles } from './schema.ts';

/**
 * The difference between two databases, as the statements that turn the first into the second:
 * migra (@pgkit/migra, the schema diff `supabase db diff` uses) for tables, columns, constraints,
 * indexes, policies, RLS, triggers, functions, types and table privileges, and, for what migra
 * does not track (Supabase's "known caveats" of declarative schemas, and function privileges,
 * which migra's --with-privileges leaves out), statements made here by comparing the catalogs:
 * comments, publication membership, schema, function, sequence and column privileges, the
 * MAINTAIN table privilege, replica identity, view options and the reference data of
 * public.plans. Not compared by either: a
 * column's position in its table (dumpSchema and the agreement test compare it).
 *
 * Used by `npm run db:diff` (scripts/db-diff.ts) and the agreement test
 * (tests/integration/schema-agreement.test.ts).
 */

/** The schemas the app's database objects live in. */
export const APP_SCHEMAS = ['public', 'private'];

/**
 * Tables whose rows are part of the schema (reference data): their key column and, where the
 * table is Supabase's and carries columns of its own (timestamps, columns newer projects add),
 * the columns our schema sets, so the statements name only those.
 */
const REFERENCE_DATA: Record<string, { key: string; columns?: string[] }> = {
  'public.plans': { key: 'plan_id' },
  // The app's Storage buckets (42_item_photos.sql); hosted projects have the table already.
  'storage.buckets': {
    key: 'id',
    columns: ['id', 'name', 'public', 'file_size_limit', 'allowed_mime_types'],
  },
};

export interface SchemaDiff {
  /** migra's statements, in its order. */
  migra: string[];
  /** Statements for what migra does not track, to run after migra's. */
  caveats: string[];
}

/** The whole difference as one script; empty when the databases agree. */
export function diffSql(diff: SchemaDiff): string {
  return [...diff.migra, ...diff.caveats].map((s) => s.trim() + '\n').join('\n');
}

/** migra's statements (unsafe: drops included; privileges included), one string each. */
export async function migraStatements(fromUrl: string, toUrl: string): Promise<string[]> {
  const from = createClient(fromUrl);
  const to = createClient(toUrl);
  try {
    const migration = await migra(from, to, { unsafe: true, withPrivileges: true });
    return [...migration.statements].map((s) => s.trim()).filter((s) => s !== '');
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}

export async function schemaDiff(fromUrl: string, toUrl: string): Promise<SchemaDiff> {
  const statements = creationOrder(await migraStatements(fromUrl, toUrl));
  return {
    migra: withoutDefaultPrivileges(statements, await functionsOnlyIn(toUrl, fromUrl)),
    caveats: await caveatStatements(fromUrl, toUrl),
  };
}

/**
 * migra orders statements by kind: new tables, their constraints and indexes, then functions,
 * then types. A new table whose default or check calls a new function
 * (`default private.current_account()`, `check (private.has_visible_text(name))`) would then be
 * created before the function, and a function returning a new composite type before the type. So,
 * as pg_dump does, function bodies are not checked at creation (migra's own
 * `set check_function_bodies = off`, moved to the top), and the new types and the new functions
 * whose signature names no new table move in front of the first new table; the functions that
 * take or return a new table's rows stay after it. Anything else keeps migra's order. db:diff
 * proves the result by running it (scripts/db-diff.ts).
 */
export function creationOrder(statements: string[]): string[] {
  const firstTable = statements.findIndex((s) => /^create table /i.test(s));
  if (firstTable < 0) return statements;
  const newTables = statements
    .map((s) => /^create table "[^"]+"\."([^"]+)"/i.exec(s)?.[1])
    .filter((name): name is string => name !== undefined);
  const signature = (s: string) => s.slice(0, Math.max(0, s.search(/\sAS \$/i)));
  const namesNewTable = (s: string) =>
    newTables.some((t) => new RegExp(`(^|[^\\w$])${t}([^\\w$]|$)`, 'i').test(signature(s)));
  const settings = statements.filter((s) => /^set check_function_bodies\b/i.test(s));
  const types = statements.filter((s, i) => i > firstTable && /^create type /i.test(s));
  const functions = statements.filter(
    (s, i) => i > firstTable && /^create or replace function /i.test(s) && !namesNewTable(s),
  );
  const moved = new Set([...settings, ...types, ...functions]);
  const before = statements.slice(0, firstTable).filter((s) => !moved.has(s));
  const after = statements.slice(firstTable).filter((s) => !moved.has(s));
  return [...settings, ...before, ...types, ...functions, ...after];
}

/** schema.name of the functions of `url` that `other` does not have. */
async function functionsOnlyIn(url: string, other: string): Promise<Set<string>> {
  const names = async (u: string) => {
    const client = new pg.Client({ connectionString: u });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; sig: string }>(
        `select n.nspname || '.' || p.proname as name, p.oid::regprocedure::text as sig
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = any ($1)`,
        [APP_SCHEMAS],
      );
      return rows;
    } finally {
      await client.end();
    }
  };
  const theirs = new Set((await names(other)).map((r) => r.sig));
  return new Set((await names(url)).filter((r) => !theirs.has(r.sig)).map((r) => r.name));
}

/**
 * A table or function created in schema public gets Supabase's default privileges (everything
 * to anon, authenticated and service_role; functions also execute to PUBLIC), and migra only
 * adds the target's grants, never revoking what the target does not grant: a new table would be
 * open to anon. So each new table and function starts from no privileges here, and migra's
 * grants that follow give back exactly the target's.
 */
function withoutDefaultPrivileges(statements: string[], newFunctions: Set<string>): string[] {
  const out: string[] = [];
  for (const statement of statements) {
    out.push(statement);
    const table = /^create table ("[^"]+"\."[^"]+")/i.exec(statement);
    if (table)
      out.push(`revoke all on table ${table[1]} from public, anon, authenticated, service_role;`);
    const fn = /^create or replace function (\w+)\.(\w+)\(/i.exec(statement);
    if (fn && newFunctions.has(`${fn[1]}.${fn[2]}`)) {
      out.push(
        `revoke all on function ${fn[1]}.${fn[2]} from public, anon, authenticated, service_role;`,
      );
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// What migra does not track
// ---------------------------------------------------------------------------------------------

const COMMENTS = `
  select 'table ' || c.oid::regclass::text as key, d.description as value,
         format('comment on %s %s is %L;', case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
           when 'S' then 'sequence' else 'table' end, c.oid::regclass, d.description) as set,
         format('comment on %s %s is null;', case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
           when 'S' then 'sequence' else 'table' end, c.oid::regclass) as unset
    from pg_class c join pg_description d on d.objoid = c.oid and d.classoid = 'pg_class'::regclass and d.objsubid = 0
   where c.relnamespace = any ($1::regnamespace[]) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
  union all
  select 'column ' || c.oid::regclass::text || '.' || quote_ident(a.attname), d.description,
         format('comment on column %s.%I is %L;', c.oid::regclass, a.attname, d.description),
         format('comment on column %s.%I is null;', c.oid::regclass, a.attname)
    from pg_class c join pg_attribute a on a.attrelid = c.oid
    join pg_description d on d.objoid = c.oid and d.classoid = 'pg_class'::regclass and d.objsubid = a.attnum
   where c.relnamespace = any ($1::regnamespace[])
  union all
  select 'function ' || p.oid::regprocedure::text, d.description,
         format('comment on %s %s is %L;', case p.prokind when 'p' then 'procedure' else 'function' end,
           p.oid::regprocedure, d.description),
         format('comment on %s %s is null;', case p.prokind when 'p' then 'procedure' else 'function' end,
           p.oid::regprocedure)
    from pg_proc p join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass
   where p.pronamespace = any ($1::regnamespace[])
  union all
  select 'type ' || t.oid::regtype::text, d.description,
         format('comment on type %s is %L;', t.oid::regtype, d.description),
         format('comment on type %s is null;', t.oid::regtype)
    from pg_type t join pg_description d on d.objoid = t.oid and d.classoid = 'pg_type'::regclass
   where t.typnamespace = any ($1::regnamespace[])
  union all
  select 'schema ' || quote_ident(n.nspname), d.description,
         format('comment on schema %I is %L;', n.nspname, d.description),
         format('comment on schema %I is null;', n.nspname)
    from pg_namespace n join pg_description d on d.objoid = n.oid and d.classoid = 'pg_namespace'::regclass
   where n.oid = any ($1::regnamespace[])
  union all
  select 'policy ' || pol.polname || ' on ' || pol.polrelid::regclass::text, d.description,
         format('comment on policy %I on %s is %L;', pol.polname, pol.polrelid::regclass, d.description),
         format('comment on policy %I on %s is null;', pol.polname, pol.polrelid::regclass)
    from pg_policy pol join pg_class c on c.oid = pol.polrelid
    join pg_description d on d.objoid = pol.oid and d.classoid = 'pg_policy'::regclass
   where c.relnamespace = any ($1::regnamespace[])
  union all
  select 'trigger ' || tg.tgname || ' on ' || tg.tgrelid::regclass::text, d.description,
         format('comment on trigger %I on %s is %L;', tg.tgname, tg.tgrelid::regclass, d.description),
         format('comment on trigger %I on %s is null;', tg.tgname, tg.tgrelid::regclass)
    from pg_trigger tg join pg_description d on d.objoid = tg.oid and d.classoid = 'pg_trigger'::regclass
   where not tg.tgisinternal`;

const PUBLICATIONS = `
  select 'publication ' || quote_ident(pubname) || ' ' || quote_ident(schemaname) || '.' || quote_ident(tablename) as key,
         'member' as value,
         format('alter publication %I add table %I.%I;', pubname, schemaname, tablename) as set,
         format('alter publication %I drop table %I.%I;', pubname, schemaname, tablename) as drop
    from pg_publication_tables`;

// Each grantee's privileges on the schema, from the ACL (null: the built-in default).
const SCHEMA_PRIVILEGES = `
  select 'schema ' || quote_ident(n.nspname) || ' to ' || coalesce(r.rolname, 'public') as key,
         string_agg(a.privilege_type, ', ' order by a.privilege_type) as value,
         format('grant %s on schema %I to %s;', lower(string_agg(a.privilege_type, ', ' order by a.privilege_type)),
                n.nspname, coalesce(quote_ident(r.rolname), 'public')) as set,
         format('revoke all on schema %I from %s;', n.nspname, coalesce(quote_ident(r.rolname), 'public')) as drop
    from pg_namespace n
    cross join lateral aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
    left join pg_roles r on r.oid = a.grantee
   where n.oid = any ($1::regnamespace[]) and a.grantee <> n.nspowner
   group by n.nspname, r.rolname`;

const COLUMN_PRIVILEGES = `
  select 'column ' || c.oid::regclass::text || '.' || quote_ident(a.attname) || ' to ' || coalesce(r.rolname, 'public') as key,
         string_agg(x.privilege_type, ', ' order by x.privilege_type) as value,
         (select string_agg(format('grant %s (%I) on table %s to %s;', lower(p), a.attname, c.oid::regclass,
                                   coalesce(quote_ident(r.rolname), 'public')), E'\n')
            from unnest(array_agg(x.privilege_type)) p) as set,
         format('revoke all (%I) on table %s from %s;', a.attname, c.oid::regclass,
                coalesce(quote_ident(r.rolname), 'public')) as drop
    from pg_class c join pg_attribute a on a.attrelid = c.oid
    cross join lateral aclexplode(a.attacl) x
    left join pg_roles r on r.oid = x.grantee
   where c.relnamespace = any ($1::regnamespace[]) and a.attacl is not null and x.grantee <> c.relowner
   group by c.oid, a.attname, r.rolname`;

// migra's privileges are table grants only (information_schema.role_table_grants): a function's
// EXECUTE and a sequence's grants are compared here, from the ACL (null: the built-in default).
const FUNCTION_PRIVILEGES = `
  select 'function ' || p.oid::regprocedure::text || ' to ' || coalesce(r.rolname, 'public') as key,
         string_agg(a.privilege_type, ', ' order by a.privilege_type) as value,
         format('grant %s on %s %s to %s;', lower(string_agg(a.privilege_type, ', ' order by a.privilege_type)),
                case p.prokind when 'p' then 'procedure' else 'function' end, p.oid::regprocedure,
                coalesce(quote_ident(r.rolname), 'public')) as set,
         format('revoke all on %s %s from %s;', case p.prokind when 'p' then 'procedure' else 'function' end,
                p.oid::regprocedure, coalesce(quote_ident(r.rolname), 'public')) as drop
    from pg_proc p
    cross join lateral aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
    left join pg_roles r on r.oid = a.grantee
   where p.pronamespace = any ($1::regnamespace[]) and a.grantee <> p.proowner
   group by p.oid, p.prokind, r.rolname`;

const SEQUENCE_PRIVILEGES = `
  select 'sequence ' || c.oid::regclass::text || ' to ' || coalesce(r.rolname, 'public') as key,
         string_agg(a.privilege_type, ', ' order by a.privilege_type) as value,
         format('grant %s on sequence %s to %s;', lower(string_agg(a.privilege_type, ', ' order by a.privilege_type)),
                c.oid::regclass, coalesce(quote_ident(r.rolname), 'public')) as set,
         format('revoke all on sequence %s from %s;', c.oid::regclass, coalesce(quote_ident(r.rolname), 'public')) as drop
    from pg_class c
    cross join lateral aclexplode(coalesce(c.relacl, acldefault('s', c.relowner))) a
    left join pg_roles r on r.oid = a.grantee
   where c.relnamespace = any ($1::regnamespace[]) and c.relkind = 'S' and a.grantee <> c.relowner
   group by c.oid, r.rolname`;

// MAINTAIN (Postgres 17) is a table privilege information_schema does not list, so migra's
// privileges leave it out: a new table would lose the service role's default MAINTAIN.
const TABLE_MAINTAIN = `
  select 'maintain ' || c.oid::regclass::text || ' to ' || coalesce(r.rolname, 'public') as key,
         'MAINTAIN' as value,
         format('grant maintain on table %s to %s;', c.oid::regclass, coalesce(quote_ident(r.rolname), 'public')) as set,
         format('revoke maintain on table %s from %s;', c.oid::regclass, coalesce(quote_ident(r.rolname), 'public')) as drop
    from pg_class c
    cross join lateral aclexplode(coalesce(c.relacl, acldefault('r', c.relowner))) a
    left join pg_roles r on r.oid = a.grantee
   where c.relnamespace = any ($1::regnamespace[]) and c.relkind in ('r', 'p', 'v', 'm')
     and a.privilege_type = 'MAINTAIN' and a.grantee <> c.relowner`;

const REPLICA_IDENTITY = `
  select 'replica identity ' || c.oid::regclass::text as key, c.relreplident::text as value,
         format('alter table %s replica identity %s;', c.oid::regclass,
                case c.relreplident when 'f' then 'full' when 'n' then 'nothing' else 'default' end) as set,
         format('alter table %s replica identity default;', c.oid::regclass) as unset
    from pg_class c
   where c.relnamespace = any ($1::regnamespace[]) and c.relkind in ('r', 'p') and c.relreplident not in ('d', 'i')`;

const VIEW_OPTIONS = `
  select 'view options ' || c.oid::regclass::text as key, array_to_string(c.reloptions, ', ') as value,
         format('alter view %s set (%s);', c.oid::regclass, array_to_string(c.reloptions, ', ')) as set,
         format('alter view %s reset (%s);', c.oid::regclass,
                (select string_agg(split_part(o, '=', 1), ', ') from unnest(c.reloptions) o)) as unset
    from pg_class c
   where c.relnamespace = any ($1::regnamespace[]) and c.relkind = 'v' and c.reloptions is not null`;

interface Row {
  key: string;
  value: string;
  set: string;
  drop?: string;
  unset?: string;
}

/** The app's schemas that exist in a database (none but public in one with only the project setup). */
async function existingSchemas(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ nspname: string }>(
    'select nspname from pg_namespace where nspname = any ($1)',
    [APP_SCHEMAS],
  );
  return rows.map((r) => r.nspname);
}

async function facts(client: pg.Client, sql: string): Promise<Map<string, Row>> {
  const params = sql.includes('$1') ? [await existingSchemas(client)] : [];
  const { rows } = await client.query<Row>(sql, params);
  return new Map(rows.map((r) => [r.key, r]));
}

/** Existing objects in a database, to tell "comment removed" from "object dropped". */
async function objectExists(client: pg.Client, key: string): Promise<boolean> {
  const [kind, ...rest] = key.split(' ');
  const name = rest.join(' ');
  const q: Record<string, string> = {
    table: 'select to_regclass($1) is not null as ok',
    'replica identity': 'select to_regclass($1) is not null as ok',
    function: 'select to_regprocedure($1) is not null as ok',
    type: 'select to_regtype($1) is not null as ok',
    schema: 'select to_regnamespace($1) is not null as ok',
  };
  if (kind === 'column') {
    const dot = name.lastIndexOf('.');
    const { rows } = await client.query<{ ok: boolean }>(
      `select exists (select 1 from pg_attribute where attrelid = to_regclass($1) and quote_ident(attname) = $2
                        and not attisdropped) as ok`,
      [name.slice(0, dot), name.slice(dot + 1)],
    );
    return rows[0]?.ok ?? false;
  }
  if (kind === 'policy' || kind === 'trigger') {
    const [objName, table] = name.split(' on ');
    const { rows } = await client.query<{ ok: boolean }>(
      kind === 'policy'
        ? 'select exists (select 1 from pg_policy where polname = $1 and polrelid = to_regclass($2)) as ok'
        : 'select exists (select 1 from pg_trigger where tgname = $1 and tgrelid = to_regclass($2)) as ok',
      [objName, table],
    );
    return rows[0]?.ok ?? false;
  }
  const sql = q[kind === 'replica' ? 'replica identity' : (kind ?? '')];
  if (!sql) return true;
  const { rows } = await client.query<{ ok: boolean }>(sql, [
    kind === 'replica' ? rest.slice(1).join(' ') : name,
  ]);
  return rows[0]?.ok ?? false;
}

/** Statements that make `to`'s facts true in `from`, by comparing one catalog query's rows. */
async function compareFacts(from: pg.Client, to: pg.Client, sql: string): Promise<string[]> {
  const [a, b] = await Promise.all([facts(from, sql), facts(to, sql)]);
  const out: string[] = [];
  for (const [key, row] of b) {
    if (a.get(key)?.value !== row.value) {
      // a changed set of privileges: take the old ones away first
      const old = a.get(key);
      if (old?.drop) out.push(old.drop);
      out.push(row.set);
    }
  }
  for (const [key, row] of a) {
    if (b.has(key)) continue;
    if (row.drop) {
      // an object dropped from the target takes its publication membership and grants with it
      const [kind, name] = key.split(' ');
      const owner =
        kind === 'publication'
          ? `table ${key.split(' ')[2]}`
          : kind === 'column'
            ? `table ${name!.replace(/\.[^.]+$/, '')}`
            : kind === 'maintain'
              ? `table ${name}`
            : kind === 'sequence'
              ? `table ${name}`
              : kind === 'function'
                ? `function ${key.slice('function '.length, key.lastIndexOf(' to '))}`
                : null;
      if (owner && !(await objectExists(to, owner))) continue;
      out.push(row.drop);
    } else if (row.unset && (await objectExists(to, key))) {
      out.push(row.unset);
    }
  }
  return out;
}

async function referenceData(from: pg.Client, to: pg.Client): Promise<string[]> {
  const out: string[] = [];
  for (const [table, { key: keyColumn, columns: only }] of Object.entries(REFERENCE_DATA)) {
    const rowOf = only
      ? `jsonb_build_object(${only.map((c) => `${pg.escapeLiteral(c)}, t.${pg.escapeIdentifier(c)}`).join(', ')})`
      : 'to_jsonb(t)';
    const read = async (client: pg.Client) => {
      if (!(await objectExists(client, `table ${table}`))) return null;
      const { rows } = await client.query<{ key: string; row: Record<string, unknown> }>(
        `select t.${pg.escapeIdentifier(keyColumn)}::text as key, ${rowOf} as row from ${table} t`,
      );
      return new Map(rows.map((r) => [r.key, r.row]));
    };
    const [a, b] = [await read(from), await read(to)];
    if (!b) continue;
    for (const [key, row] of b) {
      if (JSON.stringify(a?.get(key)) === JSON.stringify(row)) continue;
      const columns = Object.keys(row);
      const target = only ? `${table} (${only.map((c) => pg.escapeIdentifier(c)).join(', ')})` : table;
      const source = only ? only.map((c) => `r.${pg.escapeIdentifier(c)}`).join(', ') : '*';
      out.push(
        `insert into ${target}\n` +
          `select ${source} from jsonb_populate_record(null::${table}, ${pg.escapeLiteral(JSON.stringify(row))}) r\n` +
          `on conflict (${pg.escapeIdentifier(keyColumn)}) do update set ` +
          columns
            .filter((c) => c !== keyColumn)
            .map((c) => `${pg.escapeIdentifier(c)} = excluded.${pg.escapeIdentifier(c)}`)
            .join(', ') +
          ';',
      );
    }
    for (const key of a?.keys() ?? []) {
      if (!b.has(key)) {
        out.push(
          `delete from ${table} where ${pg.escapeIdentifier(keyColumn)} = ${pg.escapeLiteral(key)};`,
        );
      }
    }
  }
  return out;
}

export async function caveatStatements(fromUrl: string, toUrl: string): Promise<string[]> {
  const from = new pg.Client({ connectionString: fromUrl });
  const to = new pg.Client({ connectionString: toUrl });
  await Promise.all([from.connect(), to.connect()]);
  try {
    // names in the statements come out schema-qualified
    await Promise.all([from.query("set search_path = ''"), to.query("set search_path = ''")]);
    const out: string[] = [];
    for (const sql of [
      SCHEMA_PRIVILEGES,
      FUNCTION_PRIVILEGES,
      SEQUENCE_PRIVILEGES,
      COLUMN_PRIVILEGES,
      TABLE_MAINTAIN,
      REPLICA_IDENTITY,
      VIEW_OPTIONS,
      PUBLICATIONS,
      COMMENTS,
    ]) {
      out.push(...(await compareFacts(from, to, sql)));
    }
    out.push(...(await referenceData(from, to)));
    return out;
  } finally {
    await Promise.all([from.end(), to.end()]);
  }
}

// ---------------------------------------------------------------------------------------------
// A catalog dump, to compare two databases line by line
// ---------------------------------------------------------------------------------------------

/** An ACL as sorted text; null (the built-in default) spelled out, so equal rights read equal. */
const acl = (column: string, kind: string, owner: string) =>
  `coalesce((select string_agg(x::text, ',' order by x::text) from unnest(coalesce(${column}, acldefault(${kind}, ${owner}))) x), '')`;

/** One sorted line per object, so two databases compare with a plain text diff. */
const DUMP_QUERIES: Record<string, string> = {
  schemas: `select n.nspname || ' owner=' || pg_get_userbyid(n.nspowner) || ' acl=' || ${acl('n.nspacl', "'n'", 'n.nspowner')}
                   || ' comment=' || coalesce(obj_description(n.oid, 'pg_namespace'), '')
              from pg_namespace n where n.nspname in ('public', 'private', 'extensions')`,
  extensions: `select e.extname || ' in ' || e.extnamespace::regnamespace::text from pg_extension e`,
  tables: `select c.oid::regclass::text || ' kind=' || c.relkind::text || ' rls=' || c.relrowsecurity || ' force=' || c.relforcerowsecurity
                  || ' replica=' || c.relreplident::text || ' options=' || coalesce(c.reloptions::text, '')
                  || ' owner=' || pg_get_userbyid(c.relowner) || ' acl=' || ${acl('c.relacl', `(case when c.relkind = 'S' then 's' else 'r' end)::"char"`, 'c.relowner')}
                  || ' comment=' || coalesce(obj_description(c.oid, 'pg_class'), '')
             from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname in ('public', 'private') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
  columns: `select a.attrelid::regclass::text || '.' || quote_ident(a.attname) || ' #' || a.attnum || ' '
                   || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
                   || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                   || case a.attidentity when 'a' then ' identity always' when 'd' then ' identity by default' else '' end
                   || case a.attgenerated when 's' then ' stored' else '' end
                   || ' acl=' || coalesce((select string_agg(x::text, ',' order by x::text) from unnest(a.attacl) x), '')
                   || ' comment=' || coalesce(col_description(a.attrelid, a.attnum), '')
              from pg_attribute a
              join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
              left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
             where n.nspname in ('public', 'private') and c.relkind in ('r', 'p', 'v', 'c')
               and a.attnum > 0 and not a.attisdropped`,
  constraints: `select c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
                       || case when c.condeferrable then ' deferrable' else '' end
                       || case when c.condeferred then ' initially deferred' else '' end
                  from pg_constraint c join pg_namespace n on n.oid = c.connamespace
                 where n.nspname in ('public', 'private')`,
  indexes: `select indexdef from pg_indexes where schemaname in ('public', 'private')`,
  policies: `select tablename || ' ' || policyname || ' ' || permissive || ' ' || cmd || ' to ' || roles::text
                    || ' using ' || coalesce(qual, '-') || ' check ' || coalesce(with_check, '-')
               from pg_policies where schemaname in ('public', 'private')`,
  triggers: `select pg_get_triggerdef(t.oid) || ' enabled=' || t.tgenabled::text
                    || ' comment=' || coalesce(obj_description(t.oid, 'pg_trigger'), '')
               from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
              where not t.tgisinternal and n.nspname in ('public', 'private', 'auth')`,
  functions: `select pg_get_functiondef(p.oid) || E'\\n-- owner=' || pg_get_userbyid(p.proowner)
                     || ' acl=' || ${acl('p.proacl', "'f'", 'p.proowner')}
                     || ' comment=' || coalesce(obj_description(p.oid, 'pg_proc'), '')
                from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname in ('public', 'private') and p.prokind in ('f', 'p')`,
  types: `select t.oid::regtype::text || ' type=' || t.typtype::text || ' acl=' || ${acl('t.typacl', "'T'", 't.typowner')}
                 || ' comment=' || coalesce(obj_description(t.oid, 'pg_type'), '')
            from pg_type t join pg_namespace n on n.oid = t.typnamespace
           where n.nspname in ('public', 'private') and t.typtype in ('c', 'e', 'd')
             and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')`,
  publication: `select pubname || ' ' || schemaname || '.' || tablename from pg_publication_tables`,
  data: `select 'plans ' || string_agg(to_jsonb(p)::text, ' ' order by p.plan_id) from public.plans p`,
};

/**
 * What the app relies on from a database, one sorted line per object in sections (tables,
 * columns, constraints, indexes, policies, grants, function bodies, triggers, comments, types,
 * publication, plans rows): two databases are equal for the app when their dumps are.
 */
export async function dumpSchema(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const sections: string[] = [];
    for (const [name, sql] of Object.entries(DUMP_QUERIES)) {
      const rows = (await client.query<Record<string, string>>(sql)).rows.map((r) =>
        String(Object.values(r)[0]),
      );
      sections.push(`## ${name}`, ...rows.sort());
    }
    return sections.join('\n') + '\n';
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Two throwaway databases: one from the migrations, one from the schema files
// ---------------------------------------------------------------------------------------------

export interface DiffDatabases {
  /** Built by supabase/migrations, as every stack builds its database. */
  fromMigrations: string;
  /** Built by supabase/schemas. */
  fromSchema: string;
  /** Superuser URL of the server's maintenance database, to make more databases. */
  adminUrl: string;
}

/** A new empty database on the server; returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)}`);
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface RunningDiffDatabases extends DiffDatabases {
  stop(): Promise<void>;
}

/**
 * Starts a throwaway embedded Postgres and builds one database from the migrations and one from
 * the schema files (migrationsDir / schemasDir to compare others); stop() ends the server and
 * removes its data.
 */
export async function startDiffDatabases(
  opts: { migrationsDir?: string; schemasDir?: string; log?: (line: string) => void } = {},
): Promise<RunningDiffDatabases> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-schema-diff-'));
  await fs.chmod(dir, 0o755); // Postgres runs as its own user and must reach its data folder
  const log = opts.log ?? ((line: string) => console.error(line));
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'db'),
    port: await freePort(),
    ephemeral: true,
    log,
  });
  const stop = async () => {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    const fromMigrations = await createDatabase(server.url, 'from_migrations');
    const fromSchema = await createDatabase(server.url, 'from_schema');
    await migrate(fromMigrations, 'schema-diff', opts.migrationsDir);
    await buildFromSchemaFiles(fromSchema, opts.schemasDir);
    return { fromMigrations, fromSchema, adminUrl: server.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** startDiffDatabases around `work`, stopped whatever happens. */
export async function withDiffDatabases<T>(
  work: (dbs: DiffDatabases) => Promise<T>,
  opts: { migrationsDir?: string; schemasDir?: string; log?: (line: string) => void } = {},
): Promise<T> {
  const dbs = await startDiffDatabases(opts);
  try {
    return await work(dbs);
  } finally {
    await dbs.stop();
  }
}
