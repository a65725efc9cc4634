import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from '../local/config.ts';
import { formatValue } from './performance-table.ts';

/** One measured figure, always printed beside what it is held against. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  against: string;
  budget: string;
  ok: boolean;
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} cores ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}

export async function report(figures: Figure[]): Promise<void> {
  console.log(`\nStockroom bench — ${machine()}\n`);
  const width = Math.max(...figures.map((f) => f.name.length));
  for (const f of figures) {
    console.log(
      `${f.ok ? 'ok  ' : 'MISS'}  ${f.name.padEnd(width)}  ${`${formatValue(f)} ${f.unit}`.padStart(14)}  budget ${f.budget}; against ${f.against}`,
    );
  }
  const out = path.join(ROOT_DIR, 'bench', 'results');
  await fs.mkdir(out, { recursive: true });
  await fs.writeFile(
    path.join(out, 'latest.json'),
    JSON.stringify({ date: new Date().toISOString(), machine: machine(), figures }, null, 2),
  );
  console.log(`\nWrote bench/results/latest.json`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}
