import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from './config.ts';

const BOOTSTRAP_DIR = path.join(ROOT_DIR, 'local', 'sql');
const MIGRATIONS_DIR = path.join(ROOT_DIR, 'supabase', 'migrations');
const SEED_FILE = path.join(ROOT_DIR, 'supabase', 'seed.sql');

/** Repository-relative where possible: the name a developer would look for. */
function displayPath(file: string): string {
  const relative = path.relative(ROOT_DIR, file);
  return relative.startsWith('..') ? file : relative;
}

export async function sqlFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

/** Postgres's error with the line it points at, so a bad migration is easy to find. */
export function describeSqlError(file: string, sql: string, error: pg.DatabaseError): Error {
  let where = '';
  const position = Number(error.position);
  if (Number.isInteger(position) && position > 0) {
    const line = sql.slice(0, position).split('\n').length;
    where = ` (line ${line})`;
  }
  const detail = [error.detail, error.hint].filter(Boolean).join(' ');
  return new Error(`${file}${where}: ${error.message}${detail ? ` — ${detail}` : ''}`);
}

async function runFile(client: pg.Client, file: string, sql: string): Promise<void> {
  try {
    await client.query('begin');
    await client.query(sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw describeSqlError(file, sql, error as pg.DatabaseError);
  }
}

/**
 * Supabase's project setup alone (`local/sql`, once per database), without the migrations: the
 * database the declarative schema files (local/schema.ts) are applied to.
 */
export async function setUpProjectDatabase(
  databaseUrl: string,
  log: (line: string) => void = () => undefined,
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    return await setUpProject(client, log);
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}

export interface MigrationReport {
  /** `local/sql` files applied by this start (all of them when the database was just created). */
  setUp: string[];
  applied: string[];
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * What a hosted project is given once, at its creation (roles, schemas, the API roles' grants and
 * default privileges): each `local/sql` file runs once per database, recorded like a migration, so
 * a later start never re-grants what a migration revoked. A file added later runs at the next start.
 */
async function setUpProject(
  client: pg.Client,
  log: (line: string) => void,
): Promise<string[]> {
  await client.query(`create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.local_setup (
      name text primary key,
      statements_hash text not null,
      applied_at timestamptz not null default now()
    )`);
  const done = new Map(
    (await client.query<{ name: string; statements_hash: string }>(
      'select name, statements_hash from supabase_migrations.local_setup',
    )).rows.map((r) => [r.name, r.statements_hash]),
  );
  const setUp: string[] = [];
  for (const file of await sqlFiles(BOOTSTRAP_DIR)) {
    const sql = await fs.readFile(path.join(BOOTSTRAP_DIR, file), 'utf8');
    const recorded = done.get(file);
    if (recorded !== undefined) {
      if (recorded !== sha256(sql)) {
        log(
          `local/sql/${file} changed after this database was created; a start does not run it again ` +
            '(it may grant what migrations revoked). Put the change in a new local/sql file, or start ' +
            'from an empty database with `npm start -- --fresh`.',
        );
      }
      continue;
    }
    await runFile(client, `local/sql/${file}`, sql);
    await client.query(
      'insert into supabase_migrations.local_setup (name, statements_hash) values ($1, $2)',
      [file, sha256(sql)],
    );
    setUp.push(file);
  }
  return setUp;
}

/**
 * Brings a database to what the app expects: Supabase's project setup once, then each migration
 * once in name order (recorded like the Supabase CLI records them), then the seed. Safe to run on
 * every start: on a database already set up it changes no privilege.
 */
export async function migrate(
  databaseUrl: string,
  authenticatorPassword: string,
  migrationsDir = MIGRATIONS_DIR,
  log: (line: string) => void = () => undefined,
): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Two stacks on one server (DATABASE_URL) must not bootstrap at the same time.
    await client.query('select pg_advisory_lock(727274)');
    const setUp = await setUpProject(client, log);
    await client.query(`alter role authenticator with login password ${pg.escapeLiteral(authenticatorPassword)}`);

    const done = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const file of await sqlFiles(migrationsDir)) {
      const version = file.split('_')[0] ?? file;
      if (done.has(version)) continue;
      const sql = await fs.readFile(path.join(migrationsDir, file), 'utf8');
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements_hash) values ($1, $2, $3)',
          [version, file.replace(/\.sql$/, ''), sha256(sql)],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw describeSqlError(displayPath(path.join(migrationsDir, file)), sql, error as pg.DatabaseError);
      }
      applied.push(file);
    }

    if (existsSync(SEED_FILE)) {
      await runFile(client, 'supabase/seed.sql', await fs.readFile(SEED_FILE, 'utf8'));
    }
    // PostgREST caches the schema; tell a running one to reload it.
    await client.query(`notify pgrst, 'reload schema'`);
    return { setUp, applied };
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}
