import { readdirSync, readFileSync } from 'node:fs';

/** One process's resident memory, from /proc: RSS (VmRSS) and PSS (smaps_rollup), in KiB. */
export interface ProcessMemory {
  pid: number;
  name: string;
  rssKb: number;
  /** Shared pages split among the processes sharing them; null when smaps_rollup is unreadable. */
  pssKb: number | null;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function kb(text: string | null, field: string): number | null {
  const match = text && new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) : null;
}

/** `pid` and every process below it (children, their children…), as /proc shows them now. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // The name in parentheses may hold spaces: the parent pid is the 2nd field after it.
    const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : NaN;
    if (!Number.isInteger(ppid)) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const out: number[] = [];
  const visit = (p: number) => {
    out.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return out;
}

/** The memory of `pid`'s whole process tree, one row per process still alive. */
export function treeMemory(pid: number): ProcessMemory[] {
  const rows: ProcessMemory[] = [];
  for (const p of processTree(pid)) {
    const status = read(`/proc/${p}/status`);
    const rssKb = kb(status, 'VmRSS');
    if (rssKb === null) continue; // gone, or a zombie
    const name = /^Name:\s+(.*)$/m.exec(status ?? '')?.[1] ?? '?';
    rows.push({ pid: p, name, rssKb, pssKb: kb(read(`/proc/${p}/smaps_rollup`), 'Pss') });
  }
  return rows;
}

/** MB (10^6 bytes would flatter it: MiB) of a tree's rows, by RSS or PSS. */
export function totalMiB(rows: ProcessMemory[], by: 'rss' | 'pss'): number {
  return rows.reduce((sum, r) => sum + (by === 'rss' ? r.rssKb : (r.pssKb ?? r.rssKb)), 0) / 1024;
}
