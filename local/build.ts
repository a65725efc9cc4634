import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from './config.ts';

const INPUTS = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/service-worker-plugin.ts',
  'package-lock.json',
];

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

/** Changes when a source file or a build-time variable changes. */
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
 * Builds the SPA into `distDir` unless it already holds a build of the same sources. The build
 * names no API: the app server gives each page its stack's URL and key at run time, so stacks on
 * other ports share one build. `env` adds build-time variables, as a Netlify build is given them.
 * The new build replaces the old one whole, so a stack serving it never sees half of one.
 */
export async function ensureBuilt(opts: {
  distDir: string;
  env?: Record<string, string>;
  log: (line: string) => void;
}): Promise<{ built: boolean; ms: number }> {
  const started = performance.now();
  const env = opts.env ?? {};
  const marker = (dir: string) => path.join(dir, '.stockroom-build');
  const print = await fingerprint(env);
  if (existsSync(marker(opts.distDir)) && readFileSync(marker(opts.distDir), 'utf8') === print) {
    return { built: false, ms: performance.now() - started };
  }
  opts.log('Building the app…');
  const building = `${opts.distDir}.building-${process.pid}`;
  const previous = `${opts.distDir}.previous-${process.pid}`;
  Object.assign(process.env, env, { STOCKROOM_DIST_DIR: building });
  try {
    const { build } = await import('vite');
    await build({
      root: ROOT_DIR,
      configFile: path.join(ROOT_DIR, 'vite.config.ts'),
      logLevel: 'warn',
    });
    await fs.writeFile(marker(building), print);
    if (existsSync(opts.distDir)) await fs.rename(opts.distDir, previous);
    await fs.rename(building, opts.distDir);
  } finally {
    delete process.env.STOCKROOM_DIST_DIR;
    await fs.rm(building, { recursive: true, force: true });
    await fs.rm(previous, { recursive: true, force: true });
  }
  return { built: true, ms: performance.now() - started };
}
