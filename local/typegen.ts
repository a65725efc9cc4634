import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from './config.ts';

/**
 * The TypeScript types of a database's public schema from the same generator
 * `supabase gen types typescript --local` runs: @supabase/postgres-meta with
 * PG_META_GENERATE_TYPES=typescript.
 */
export function generateTypes(dbUrl: string): Promise<string> {
  const server = path.join(
    ROOT_DIR,
    'node_modules',
    '@supabase',
    'postgres-meta',
    'dist',
    'server',
    'server.js',
  );
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [server], {
      env: {
        ...process.env,
        PG_META_DB_URL: dbUrl,
        PG_META_GENERATE_TYPES: 'typescript',
        PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: 'public',
        PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`postgres-meta failed: ${err}`)),
    );
  });
}
