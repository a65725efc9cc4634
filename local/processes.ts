import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * Ends a process a crashed earlier run left behind, but only when its command line still says it
 * is what we think it is: a recycled pid must never cost someone an unrelated process.
 */
export async function endLeftover(pid: number, mustContain: string): Promise<void> {
  if (!isAlive(pid) || !commandLine(pid).includes(mustContain)) return;
  process.kill(pid, 'SIGTERM');
  await waitForExit(pid, 5000);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Ends the stack's servers if this Node process dies without stopping them (SIGKILL, a crash):
 * a small shell holds a pipe from us, and when the pipe closes it signals every server still on
 * its list. It ignores terminal signals so that a Ctrl-C to the whole group cannot end it first.
 */
export interface Reaper {
  watch(pid: number, signal: 'INT' | 'TERM' | 'KILL'): void;
  forget(pid: number): void;
  close(): void;
}

const REAPER_SCRIPT = `
trap '' INT TERM HUP QUIT
list=''
while read -r op a b; do
  case "$op" in
    watch) list="$list $b:$a" ;;
    forget) next=''; for e in $list; do [ "\${e#*:}" = "$a" ] || next="$next $e"; done; list=$next ;;
  esac
done
for e in $list; do kill -"\${e%%:*}" "\${e#*:}" 2>/dev/null; done
`;

export function startReaper(): Reaper {
  const child = spawn('sh', ['-c', REAPER_SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  child.unref();
  const input = child.stdin;
  input?.on('error', () => undefined);
  (input as unknown as { unref?: () => void } | null)?.unref?.();
  const send = (line: string) => {
    if (input && !input.destroyed && input.writable) input.write(`${line}\n`);
  };
  return {
    watch: (pid, signal) => send(`watch ${pid} ${signal}`),
    forget: (pid) => send(`forget ${pid}`),
    close: () => input?.end(),
  };
}

/** How a child process ended, in words for the log. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was killed (${signal})` : `exited with code ${code}`;
}

interface ProcStat {
  ppid: number;
  startTime: string;
}

function procStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces; the fields after it are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), startTime: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/** npm, npx, tsx and the `sh -c` npm runs a script in: the processes that launch this one. */
function isLauncher(pid: number): boolean {
  const args = commandLine(pid).trim().split(' ');
  const names = args.slice(0, 3).map((a) => path.basename(a));
  if (names.some((n) => /^(npm|npx|npm-cli\.js|npx-cli\.js|tsx|cli\.mjs)$/.test(n))) return true;
  return /^(sh|bash|dash)$/.test(names[0] ?? '') && args[1] === '-c';
}

/**
 * Calls `onGone` once when the process that started this one goes away: the parent, and above it
 * each launcher up to `npm` (a SIGTERM to `npm start` ends npm and its shell but not tsx, which
 * would keep the stack running and holding its ports). Linux only; does nothing without /proc.
 */
export function watchLaunchers(onGone: (description: string) => void): () => void {
  const watched: Array<{ pid: number; startTime: string; what: string }> = [];
  // The parent, then launchers above it; not what started npm (a shell left by `nohup npm start &`).
  for (let pid = process.ppid; pid > 1; ) {
    const stat = procStat(pid);
    if (!stat || (watched.length > 0 && !isLauncher(pid))) break;
    watched.push({ pid, startTime: stat.startTime, what: commandLine(pid).trim() || `pid ${pid}` });
    if (!isLauncher(pid)) break;
    pid = stat.ppid;
  }
  const timer = setInterval(() => {
    const gone = watched.find((w) => procStat(w.pid)?.startTime !== w.startTime);
    if (!gone) return;
    clearInterval(timer);
    onGone(`${gone.what} (pid ${gone.pid})`);
  }, 250);
  timer.unref();
  return () => clearInterval(timer);
}

/** A part of the stack that runs as a server process: the stack restarts it when it dies. */
export interface RestartablePart {
  /** Its pid now (it changes when it is restarted); null when the stack does not run it. */
  readonly pid: number | null;
  /** Called when it ends without stop() asking it to (killed, crashed). */
  onCrash(listener: (how: string) => void): void;
  /** Starts it again, on the same data and ports, after a crash. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A server process the stack runs: started again by its owner after a crash, stopped in order. */
export interface SupervisedProcess {
  readonly pid: number | null;
  readonly stopping: boolean;
  /** Called when the process ends, once it was ready, without stop() asking it to. */
  onCrash(listener: (how: string) => void): void;
  /** Spawns it and waits until it is ready; throws (and reports no crash) when it is not. */
  launch(): Promise<void>;
  stop(): Promise<void>;
}

export function supervisedProcess(opts: {
  spawn: () => ChildProcess;
  untilReady: (child: ChildProcess) => Promise<void>;
  /** What ends it cleanly: also what the reaper sends if this Node process dies first. */
  stopSignal: 'SIGINT' | 'SIGTERM';
  stopTimeoutMs: number;
  reaper?: Reaper;
}): SupervisedProcess {
  let child: ChildProcess | null = null;
  let stopping = false;
  const crashListeners: Array<(how: string) => void> = [];
  return {
    get pid() {
      return child?.pid ?? null;
    },
    get stopping() {
      return stopping;
    },
    onCrash: (listener) => crashListeners.push(listener),
    async launch() {
      const started = opts.spawn();
      child = started;
      let ready = false;
      if (started.pid) opts.reaper?.watch(started.pid, opts.stopSignal === 'SIGINT' ? 'INT' : 'TERM');
      started.on('exit', (code, signal) => {
        if (started.pid) opts.reaper?.forget(started.pid);
        if (ready && !stopping) for (const listener of crashListeners) listener(describeExit(code, signal));
      });
      await opts.untilReady(started);
      if (started.exitCode !== null || started.signalCode !== null) throw new Error('It ended right after it started.');
      ready = true;
    },
    async stop() {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null || running.pid === undefined) return;
      running.kill(opts.stopSignal);
      await waitForExit(running.pid, opts.stopTimeoutMs);
      if (running.exitCode === null && running.signalCode === null) running.kill('SIGKILL');
    },
  };
}
