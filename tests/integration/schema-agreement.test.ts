/**
 * The declarative schema (supabase/schemas) and the migrations (supabase/migrations) describe the
 * same database: one built by each, in a throwaway embedded Postgres of this test's own, have no
 * difference migra sees (table privileges included), nor in what migra does not track (comments,
 * publication, function, schema and column privileges, replica identity, plans rows), their catalog dumps
 * are equal and postgres-meta generates the same TypeScript types from both. And every function
 * has one home: exactly one `create function` in one schema file.
 *
 * On a difference it prints it: migra's statements, or the lines of the dumps or types that
 * differ (`-` from the migrations, `+` from the schema files). `npm run db:diff -- <name>` turns a
 * change to the schema files into the migration that makes them agree again. A column's position
 * counts (the dumps compare it; migra does not): a column added to a table goes at the end of its
 * list in the schema file, where `alter table … add column` puts it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../local/schema.ts';
import {
  dumpSchema,
  schemaDiff,
  startDiffDatabases,
  type RunningDiffDatabases,
  type SchemaDiff,
} from '../../local/schema-diff.ts';
import { generateTypes } from '../../local/typegen.ts';

const SUPABASE_DIR = path.resolve(import.meta.dirname, '../../supabase');

/** Lines only in `a` (-) and only in `b` (+), in order: enough to see what differs. */
function lineDiff(a: string, b: string): string {
  const count = (text: string) => {
    const m = new Map<string, number>();
    for (const line of text.split('\n')) m.set(line, (m.get(line) ?? 0) + 1);
    return m;
  };
  const [inA, inB] = [count(a), count(b)];
  const out: string[] = [];
  const only = (text: string, other: Map<string, number>, sign: string) => {
    const seen = new Map<string, number>();
    for (const line of text.split('\n')) {
      const n = (seen.get(line) ?? 0) + 1;
      seen.set(line, n);
      if (n > (other.get(line) ?? 0)) out.push(`${sign} ${line}`);
    }
  };
  only(a, inB, '-');
  only(b, inA, '+');
  return out.join('\n');
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

let dbs: RunningDiffDatabases | undefined;
let diff: SchemaDiff;

beforeAll(async () => {
  dbs = await startDiffDatabases({ log: () => undefined });
  diff = await schemaDiff(dbs.fromMigrations, dbs.fromSchema);
}, 300_000);

afterAll(async () => {
  await dbs?.stop();
});

describe('a database from supabase/schemas and one from supabase/migrations', () => {
  it('differ in nothing migra sees, privileges included', () => {
    expect(
      diff.migra,
      `migra finds the schema files and the migrations apart; to go from the migrations to the schema files:\n\n${diff.migra.join('\n\n')}\n`,
    ).toEqual([]);
  });

  it('differ in nothing migra leaves out (comments, publication, function, column and schema privileges, plans rows)', () => {
    expect(
      diff.caveats,
      `to go from the migrations to the schema files:\n${diff.caveats.join('\n')}\n`,
    ).toEqual([]);
  });

  it('have equal catalog dumps', async () => {
    const [fromMigrations, fromSchema] = [
      await dumpSchema(dbs!.fromMigrations),
      await dumpSchema(dbs!.fromSchema),
    ];
    const lines = lineDiff(fromMigrations, fromSchema);
    expect(lines, `catalog dumps differ (- migrations, + schema files):\n${lines}\n`).toBe('');
  });

  it('give the same generated TypeScript types', { timeout: 120_000 }, async () => {
    const [fromMigrations, fromSchema] = await Promise.all([
      generateTypes(dbs!.fromMigrations),
      generateTypes(dbs!.fromSchema),
    ]);
    expect(fromSchema.length).toBeGreaterThan(1000);
    const lines = lineDiff(fromMigrations, fromSchema);
    expect(lines, `generated types differ (- migrations, + schema files):\n${lines}\n`).toBe('');
  });
});

describe('every function has one home', () => {
  async function schemaFiles(): Promise<{ file: string; sql: string }[]> {
    const files = (await readdir(SCHEMAS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    return Promise.all(
      files.map(async (file) => ({
        file,
        sql: await readFile(path.join(SCHEMAS_DIR, file), 'utf8'),
      })),
    );
  }

  it('is defined by exactly one create function in one file under supabase/schemas', async () => {
    const definitions = new Map<string, string[]>();
    for (const { file, sql } of await schemaFiles()) {
      for (const m of sql.matchAll(
        /^\s*create\s+(?:or\s+replace\s+)?function\s+(\w+)\.(\w+)\s*\(/gim,
      )) {
        const name = `${m[1]!.toLowerCase()}.${m[2]!.toLowerCase()}`;
        definitions.set(name, [...(definitions.get(name) ?? []), file]);
      }
    }
    const rows = await query<{ name: string }>(
      dbs!.fromSchema,
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') order by 1`,
    );
    const inDatabase = rows.map((r) => r.name);
    const notOnce = inDatabase
      .filter((name) => definitions.get(name)?.length !== 1)
      .map((name) => `${name}: ${definitions.get(name)?.join(', ') ?? 'in no file'}`);
    expect(notOnce, 'functions not defined exactly once').toEqual([]);
    expect([...definitions.keys()].filter((name) => !inDatabase.includes(name)).sort()).toEqual([]);
  });

  it('is never written at migrate time: no pg_get_functiondef, no DO block running DDL', async () => {
    for (const { file, sql } of await schemaFiles()) {
      expect(sql, file).not.toMatch(/pg_get_functiondef/i);
      for (const block of sql.matchAll(/^do\s+\$(\w*)\$[\s\S]*?\$\1\$/gim)) {
        expect(block[0], `${file}: a DO block that runs statements`).not.toMatch(/\bexecute\b/i);
      }
    }
    const rewriting: string[] = [];
    for (const entry of await readdir(SUPABASE_DIR, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (/pg_get_functiondef/i.test(await readFile(file, 'utf8'))) {
        rewriting.push(path.relative(SUPABASE_DIR, file));
      }
    }
    expect(rewriting, 'files under supabase/ that read function text at migrate time').toEqual([]);
  });
});
