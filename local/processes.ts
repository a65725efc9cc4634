import { readFileSync } from 'node:fs';

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
