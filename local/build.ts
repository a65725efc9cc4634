import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from './config.ts';

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

async function listFiles(entry: string): Promise<string[]> {
  const full = path.join(ROOT_DIR, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  const out: string[] = [];
  for (const child of await fs.readdir(full, { withFileTypes: true })) {
    out.push(...(await listFiles(path.join(entry, child.name))));
  }
  return out;
}

/** Changes when a source file or the API the SPA is built against changes. */
async function fingerprint(env: Record<string, string>): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(env));
  for (const entry of INPUTS) {
    for (const file of (await listFiles(entry)).sort()) {
      const stat = statSync(file);
      hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/**
 * Builds the SPA against the given API unless `distDir` already holds a build of the same
 * sources for the same API. The VITE_ variables are what a Netlify build would be given.
 */
export async function ensureBuilt(opts: {
  distDir: string;
  env: { VITE_SUPABASE_URL: string; VITE_SUPABASE_ANON_KEY: string } & Record<string, string>;
  log: (line: string) => void;
}): Promise<{ built: boolean; ms: number }> {
  const started = performance.now();
  const marker = path.join(opts.distDir, '.stockroom-build');
  const print = await fingerprint(opts.env);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === print) {
    return { built: false, ms: performance.now() - started };
  }
  opts.log('Building the app…');
  Object.assign(process.env, opts.env, { STOCKROOM_DIST_DIR: opts.distDir });
  const { build } = await import('vite');
  await build({ root: ROOT_DIR, configFile: path.join(ROOT_DIR, 'vite.config.ts'), logLevel: 'warn' });
  await fs.writeFile(marker, print);
  return { built: true, ms: performance.now() - started };
}
