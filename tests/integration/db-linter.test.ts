/**
 * Supabase's database linter (splinter: what `supabase db lint` and the dashboard's Advisors run)
 * against the migrated schema. Its SQL is not copied into this repository: the test reads
 * splinter.sql from SPLINTER_SQL (a file) or from a local mirror of github.com/supabase/splinter
 * (SPLINTER_REPO, a git directory), and is skipped with the reason when neither is there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, db } from '../helpers/db-users.ts';

const REPO = process.env.SPLINTER_REPO ?? '/work/.mirror/supabase+splinter/repo';

function splinterSql(): string | null {
  const file = process.env.SPLINTER_SQL;
  if (file && existsSync(file)) return readFileSync(file, 'utf8');
  if (!existsSync(REPO)) return null;
  return execFileSync('git', ['--git-dir', REPO, 'show', 'HEAD:splinter.sql'], {
    encoding: 'utf8',
  });
}

const sql = splinterSql();

afterAll(async () => {
  await closeDb();
});

interface Lint {
  name: string;
  level: string;
  detail: string;
  metadata: { schema?: string; name?: string };
}

async function lint(): Promise<Lint[]> {
  const client = await db().connect();
  try {
    await client.query('begin');
    // PostgREST's exposed schemas, which lints 0028/0029 read (config.toml: api.schemas)
    await client.query(`select set_config('pgrst.db_schemas', 'public', true)`);
    const results = await client.query<Lint>(sql!);
    const rows = (Array.isArray(results) ? results.at(-1)! : results).rows;
    await client.query('rollback');
    return rows;
  } finally {
    client.release();
  }
}

describe.skipIf(!sql)('Supabase database linter (splinter)', () => {
  it('finds no unindexed foreign key, and only the two reviewed security definer functions', async () => {
    const found = await lint();
    console.log(
      'splinter:',
      found.map((l) => `${l.level} ${l.name} ${l.metadata.schema ?? ''}.${l.metadata.name ?? ''}`),
    );
    expect(found.filter((l) => l.name === 'unindexed_foreign_keys').map((l) => l.detail)).toEqual(
      [],
    );
    // Both documented in their migrations: create_backup (the only way a backup is made) and
    // save_ebay_tokens (write-only tokens for the browser).
    expect(
      found
        .filter((l) => l.name === 'authenticated_security_definer_function_executable')
        .map((l) => l.metadata.name)
        .sort(),
    ).toEqual(['create_backup', 'save_ebay_tokens']);
    expect(found.filter((l) => l.level === 'ERROR').map((l) => l.detail)).toEqual([]);
  });
});
