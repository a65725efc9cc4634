import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../local/config.ts';
import { sqlFiles } from '../local/migrate.ts';
import { diffSql, dumpSchema, schemaDiff, withDiffDatabases } from '../local/schema-diff.ts';

/**
 * `npm run db:diff -- <name>`: the migration that brings a database built by supabase/migrations
 * to what supabase/schemas describe, as `supabase db diff -f <name>` makes it. Builds both in a
 * throwaway embedded Postgres, diffs them with migra (local/schema-diff.ts: table privileges
 * included, plus what migra does not track: comments, publication, schema, function and column
 * privileges, replica identity, view options, the plans rows) and writes
 * supabase/migrations/<version>_<name>.sql, or prints "No changes" and writes nothing.
 *
 * Then it proves the file: runs it on the database built by the migrations and diffs again. A
 * file that fails there (migra orders statements by kind, not by dependency: tables before
 * functions, so a new column whose default or check calls a new function must be moved after
 * it) or leaves a difference (a column's position, which no migration can change) is reported
 * and the command exits 1: edit the file, or the schema files, and run it again. Read what it
 * wrote before committing it either way: a rename comes out as a drop and a create.
 */

const MIGRATIONS_DIR = path.join(ROOT_DIR, 'supabase', 'migrations');

/** YYYYMMDDHHMMSS now (UTC), as the Supabase CLI names migrations. */
function timestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * The new migration's version: now, unless an existing migration is dated later (ours are
 * numbered ahead of the calendar), then the next hundred after the last one, so it always runs
 * last.
 */
function nextVersion(existing: string[], now: Date): string {
  const last = existing
    .map((file) => file.split('_')[0] ?? '')
    .filter((v) => /^\d{14}$/.test(v))
    .sort()
    .pop();
  const stamp = timestamp(now);
  if (!last || stamp > last) return stamp;
  return (BigInt(last) - (BigInt(last) % 100n) + 100n).toString();
}

/** Comments for the reader of a generated migration: where migra is known to need one. */
function reviewNotes(sql: string): string[] {
  const notes: string[] = [];
  if (/^drop (function|table|policy|trigger|index|view|type)/im.test(sql)) {
    notes.push(
      '-- It drops objects: check each one is meant to go (a rename comes out as drop + create).',
    );
  }
  return notes;
}

/**
 * Runs the generated migration on the (throwaway) database built by the migrations and diffs
 * again: null when it applies and leaves no difference, else what went wrong.
 */
async function proveMigration(
  sql: string,
  fromMigrations: string,
  fromSchema: string,
): Promise<string | null> {
  const client = new pg.Client({ connectionString: fromMigrations });
  await client.connect();
  try {
    await client.query('begin');
    try {
      await client.query(sql);
    } catch (error) {
      return `It fails on a database built by the migrations: ${(error as Error).message}`;
    }
    await client.query('commit');
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
  const left = diffSql(await schemaDiff(fromMigrations, fromSchema));
  if (left.trim() !== '') return `After it, the diff still finds:\n${left}`;
  const [migrated, declared] = [await dumpSchema(fromMigrations), await dumpSchema(fromSchema)];
  if (migrated !== declared) {
    const a = new Set(migrated.split('\n'));
    const b = new Set(declared.split('\n'));
    const lines = [
      ...[...a].filter((l) => !b.has(l)).map((l) => `- ${l}`),
      ...[...b].filter((l) => !a.has(l)).map((l) => `+ ${l}`),
    ];
    return `After it, the catalogs still differ (a column's position cannot be migrated: put new columns last):\n${lines.join('\n')}`;
  }
  return null;
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error(
      'Usage: npm run db:diff -- <name>   (lower case, digits and underscores, e.g. add_reorder_notes)',
    );
    process.exitCode = 2;
    return;
  }
  const started = Date.now();
  const { sql, problem } = await withDiffDatabases(async ({ fromMigrations, fromSchema }) => {
    const sql = diffSql(await schemaDiff(fromMigrations, fromSchema));
    return {
      sql,
      problem: sql.trim() === '' ? null : await proveMigration(sql, fromMigrations, fromSchema),
    };
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (sql.trim() === '') {
    console.log(
      `No changes: supabase/migrations and supabase/schemas build the same database (${seconds} s).`,
    );
    return;
  }
  const version = nextVersion(await sqlFiles(MIGRATIONS_DIR), new Date());
  const file = path.join(MIGRATIONS_DIR, `${version}_${name}.sql`);
  if (existsSync(file)) throw new Error(`${path.relative(ROOT_DIR, file)} exists already`);
  const header = [
    `-- Generated by \`npm run db:diff -- ${name}\` (scripts/db-diff.ts) from supabase/schemas.`,
    ...reviewNotes(sql),
    '',
  ].join('\n');
  await fs.writeFile(file, header + '\n' + sql);
  console.log(sql);
  console.log(
    `Wrote ${path.relative(ROOT_DIR, file)} (${seconds} s). Read it before committing it.`,
  );
  if (problem) {
    console.error(`\nBut it does not bring the migrations to the schema files:\n${problem}`);
    process.exitCode = 1;
  }
}

await main();
