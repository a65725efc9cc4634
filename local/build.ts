import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
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

async function listFiles(root: string, entry: string): Promise<string[]> {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  const out: string[] = [];
  for (const child of await fs.readdir(full, { withFileTypes: true })) {
    out.push(...(await listFiles(root, path.join(entry, child.name))));
  }
  return out;
}

/** Changes when a source file or a build-time variable changes. */
async function fingerprint(root: string, env: Record<string, string>): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(env));
  for (const entry of INPUTS) {
    for (const file of (await listFiles(root, entry)).sort()) {
      const stat = statSync(file);
      hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

/** A failed build: `message` says so in one line, then the build's output ends it. */
export class BuildError extends Error {
  constructor(
    readonly summary: string,
    readonly output: string,
  ) {
    super(`${summary}:\n${output}`);
  }
}

/**
 * Runs Vite's build in a child Node process that exits when it is done: a build holds ~600 MB
 * that the stack's own process would otherwise keep for as long as it runs. The child inherits
 * this process's environment plus `env`; its warnings stream to `log` line by line, and its
 * output's tail is kept for the error a failed build throws.
 */
function runViteBuild(
  root: string,
  env: Record<string, string>,
  log: (line: string) => void,
): Promise<void> {
  const require = createRequire(import.meta.url);
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', root, '--logLevel', 'warn'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const forward = (stream: NodeJS.ReadableStream | null) => {
      let partial = '';
      stream?.on('data', (chunk: Buffer) => {
        const text = partial + chunk.toString();
        const lines = text.split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (line.trim()) log(line);
        }
        tail = (tail + chunk.toString()).slice(-8000);
      });
      stream?.on('end', () => {
        if (partial.trim()) log(partial);
      });
    };
    forward(child.stdout);
    forward(child.stderr);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else {
        const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
        reject(new BuildError(`The app's build failed (vite build ${how})`, tail.trim()));
      }
    });
  });
}

/**
 * Builds the SPA into `distDir` unless it already holds a build of the same sources. The build
 * names no API: the app server gives each page its stack's URL and key at run time, so stacks on
 * other ports share one build. `env` adds build-time variables, as a Netlify build is given them.
 * The new build replaces the old one whole, so a stack serving it never sees half of one. It runs
 * in a child process (see runViteBuild); `root` is the project to build, this one unless a test
 * names another.
 */
export async function ensureBuilt(opts: {
  distDir: string;
  env?: Record<string, string>;
  log: (line: string) => void;
  root?: string;
}): Promise<{ built: boolean; ms: number }> {
  const started = performance.now();
  const env = opts.env ?? {};
  const root = opts.root ?? ROOT_DIR;
  const marker = (dir: string) => path.join(dir, '.stockroom-build');
  const print = await fingerprint(root, env);
  if (existsSync(marker(opts.distDir)) && readFileSync(marker(opts.distDir), 'utf8') === print) {
    return { built: false, ms: performance.now() - started };
  }
  opts.log('Building the app…');
  const building = `${opts.distDir}.building-${process.pid}`;
  const previous = `${opts.distDir}.previous-${process.pid}`;
  try {
    await runViteBuild(root, { ...env, STOCKROOM_DIST_DIR: building }, opts.log);
    await fs.writeFile(marker(building), print);
    if (existsSync(opts.distDir)) await fs.rename(opts.distDir, previous);
    await fs.rename(building, opts.distDir);
  } finally {
    await fs.rm(building, { recursive: true, force: true });
    await fs.rm(previous, { recursive: true, force: true });
  }
  return { built: true, ms: performance.now() - started };
}
