import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from './config.ts';
import { describeSqlError, setUpProjectDatabase, sqlFiles } from './migrate.ts';

/** The declarative schema: one file per domain, applied in name order (supabase/schemas). */
export const SCHEMAS_DIR = path.join(ROOT_DIR, 'supabase', 'schemas');

/**
 * Applies `supabase/schemas/*.sql` in name order to a database that has Supabase's project setup
 * (`local/sql`, see setUpProjectDatabase) and nothing else: the database the schema files
 * describe. All files run in one transaction, so a failing file leaves nothing half built; the
 * error names the file and line. Returns the files applied.
 */
export async function applySchemaFiles(
  databaseUrl: string,
  schemasDir = SCHEMAS_DIR,
): Promise<string[]> {
  const files = await sqlFiles(schemasDir);
  if (files.length === 0) throw new Error(`No schema files in ${schemasDir}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    for (const file of files) {
      const sql = await fs.readFile(path.join(schemasDir, file), 'utf8');
      try {
        await client.query(sql);
      } catch (error) {
        const shown = path.relative(ROOT_DIR, path.join(schemasDir, file));
        throw describeSqlError(shown, sql, error as pg.DatabaseError);
      }
    }
    await client.query('commit');
    return files;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** A new, empty database given Supabase's project setup and then the schema files. */
export async function buildFromSchemaFiles(
  databaseUrl: string,
  schemasDir = SCHEMAS_DIR,
): Promise<void> {
  await setUpProjectDatabase(databaseUrl);
  await applySchemaFiles(databaseUrl, schemasDir);
}
