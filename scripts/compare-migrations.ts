import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../local/config.ts';
import { migrate } from '../local/migrate.ts';
import { dumpSchema } from '../local/schema-diff.ts';
import { freePort } from '../local/ports.ts';
import { startEmbeddedPostgres } from '../local/postgres.ts';

/**
 * Proves a rewrite of supabase/migrations changes nothing it did not mean to: migrates one fresh
 * database with the migrations of a git revision and one with the working tree's, dumps what
 * the app relies on from each (local/schema-diff.ts dumpSchema: tables, columns, constraints,
 * indexes, policies, grants, function bodies, triggers, comments, types, publication, plans) and
 * prints the difference.
 *
 *   npx tsx scripts/compare-migrations.ts [base-revision]   (default: the commit before the fold)
 *
 * Exit code 0 when the dumps are equal, 1 with a unified diff otherwise.
 */

// The last commit with the 22 migrations as they were written, before they were folded per domain.
const DEFAULT_BASE = '4e0b788';

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
