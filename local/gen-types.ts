import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR, optionsFromEnv } from './config.ts';
import { readRunningStack } from './stack.ts';
import { startTestStack } from './test-stack.ts';

const OUT = path.join(ROOT_DIR, 'src', 'lib', 'database.types.ts');

/**
 * `npm run gen:types`: the same generator `supabase gen types typescript --local` runs
 * (@supabase/postgres-meta with PG_META_GENERATE_TYPES=typescript), against the running stack
 * for this data folder, or a throwaway one with every migration applied.
 */
async function main(): Promise<void> {
  const running = readRunningStack(optionsFromEnv().dataDir);
  const temp = running ? null : await startTestStack({ log: () => undefined });
  const dbUrl = running?.DB_URL ?? temp!.env.DB_URL;
  try {
    const server = path.join(ROOT_DIR, 'node_modules', '@supabase', 'postgres-meta', 'dist', 'server', 'server.js');
    const types = await new Promise<string>((resolve, reject) => {
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
      child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`postgres-meta failed: ${err}`))));
    });
    await fs.writeFile(OUT, types);
    console.log(`Wrote ${path.relative(ROOT_DIR, OUT)}`);
  } finally {
    await temp?.stop();
  }
}

await main();
