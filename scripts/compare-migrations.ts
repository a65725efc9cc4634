import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../local/config.ts';
import { migrate } from '../local/migrate.ts';
import { freePort } from '../local/ports.ts';
import { startEmbeddedPostgres } from '../local/postgres.ts';

/**
 * Proves a rewrite of supabase/migrations changes nothing it did not mean to: migrates one fresh
 * database with the migrations of a git revision and one with the working tree's, dumps what
 * the app relies on from each (tables, columns, constraints, indexes, policies, grants, function
 * bodies, triggers, comments, types) and prints the difference.
 *
 *   npx tsx scripts/compare-migrations.ts [base-revision]   (default: the commit before the fold)
 *
 * Exit code 0 when the dumps are equal, 1 with a unified diff otherwise.
 */

// The last commit with the 22 migrations as they were written, before they were folded per domain.
const DEFAULT_BASE = '4e0b788';

/** One sorted line per object, so two databases compare with a plain text diff. */
const DUMP_QUERIES: Record<string, string> = {
  schemas: `select n.nspname || ' owner=' || pg_get_userbyid(n.nspowner) || ' acl=' || coalesce(n.nspacl::text, '')
              from pg_namespace n where n.nspname in ('public', 'private', 'extensions')`,
  extensions: `select e.extname || ' in ' || e.extnamespace::regnamespace::text from pg_extension e`,
  tables: `select c.oid::regclass::text || ' kind=' || c.relkind::text || ' rls=' || c.relrowsecurity || ' force=' || c.relforcerowsecurity
                  || ' owner=' || pg_get_userbyid(c.relowner) || ' acl=' || coalesce(c.relacl::text, '')
                  || ' comment=' || coalesce(obj_description(c.oid, 'pg_class'), '')
             from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname in ('public', 'private') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
  columns: `select a.attrelid::regclass::text || '.' || quote_ident(a.attname) || ' #' || a.attnum || ' '
                   || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
                   || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                   || ' acl=' || coalesce(a.attacl::text, '')
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
               from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
              where not t.tgisinternal and n.nspname in ('public', 'private', 'auth')`,
  functions: `select pg_get_functiondef(p.oid) || E'\\n-- owner=' || pg_get_userbyid(p.proowner)
                     || ' acl=' || coalesce(p.proacl::text, '')
                     || ' comment=' || coalesce(obj_description(p.oid, 'pg_proc'), '')
                from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname in ('public', 'private') and p.prokind in ('f', 'p')`,
  types: `select t.oid::regtype::text || ' type=' || t.typtype::text || ' acl=' || coalesce(t.typacl::text, '')
            from pg_type t join pg_namespace n on n.oid = t.typnamespace
           where n.nspname in ('public', 'private') and t.typtype in ('c', 'e', 'd')
             and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c')`,
  data: `select 'plans ' || string_agg(to_jsonb(p)::text, ' ' order by p.plan_id) from public.plans p`,
};

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

async function migratedDatabase(
  adminUrl: string,
  name: string,
  migrationsDir: string,
): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  await migrate(url, 'compare-migrations', migrationsDir);
  return url;
}

async function main(): Promise<void> {
  const base = process.argv[2] ?? DEFAULT_BASE;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-compare-'));
  await fs.chmod(work, 0o755); // Postgres runs as its own user and must reach its data folder
  const oldDir = path.join(work, 'old');
  await fs.mkdir(oldDir);
  // The base revision's migration files, as they were committed.
  const tar = execFileSync('git', ['archive', base, 'supabase/migrations'], { cwd: ROOT_DIR });
  execFileSync('tar', ['-x', '-C', oldDir, '--strip-components=2'], { input: tar });

  const server = await startEmbeddedPostgres({
    dataDir: path.join(work, 'db'),
    port: await freePort(),
    ephemeral: true,
    log: (line) => console.error(line),
  });
  try {
    const before = await dumpSchema(await migratedDatabase(server.url, 'before_fold', oldDir));
    const after = await dumpSchema(
      await migratedDatabase(
        server.url,
        'after_fold',
        path.join(ROOT_DIR, 'supabase', 'migrations'),
      ),
    );
    await fs.writeFile(path.join(work, 'before.sql'), before);
    await fs.writeFile(path.join(work, 'after.sql'), after);
    let diff = '';
    try {
      execFileSync('diff', ['-u', 'before.sql', 'after.sql'], { cwd: work });
    } catch (error) {
      diff = String((error as { stdout?: Buffer }).stdout ?? error);
    }
    if (diff) {
      console.log(diff);
      console.log(`Schemas differ (${base} vs working tree); dumps kept in ${work}`);
      process.exitCode = 1;
    } else {
      console.log(
        `Same schema from ${base}'s migrations and the working tree's (${before.split('\n').length} lines compared).`,
      );
    }
  } finally {
    await server.stop();
    if (!process.exitCode) await fs.rm(work, { recursive: true, force: true });
  }
}

await main();
