// @vitest-environment node
// The stack's memory figure sums the PSS of npm start's process tree, read from /proc.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processTree, totalMiB, treeMemory } from '../../../bench/process-memory';

describe('process tree memory', () => {
  it('finds children and grandchildren, and reads RSS and PSS for each', async () => {
    // A shell that starts a sleep: a child and a grandchild of this process.
    const shell = spawn('sh', ['-c', 'sleep 30 & wait'], { stdio: 'ignore' });
    try {
      let tree: number[] = [];
      for (let i = 0; i < 50 && tree.length < 3; i++) {
        await new Promise((r) => setTimeout(r, 20));
        tree = processTree(process.pid);
      }
      expect(tree[0]).toBe(process.pid);
      expect(tree).toContain(shell.pid);
      const rows = treeMemory(shell.pid!);
      expect(rows.map((r) => r.name).sort()).toEqual(['sh', 'sleep']);
      for (const row of rows) {
        expect(row.rssKb).toBeGreaterThan(0);
        expect(row.pssKb).toBeGreaterThan(0);
        expect(row.pssKb!).toBeLessThanOrEqual(row.rssKb);
      }
      expect(totalMiB(rows, 'pss')).toBeLessThanOrEqual(totalMiB(rows, 'rss'));
    } finally {
      for (const pid of processTree(shell.pid!).reverse()) process.kill(pid, 'SIGKILL');
    }
    // A process that is gone is left out.
    await new Promise((r) => setTimeout(r, 100));
    expect(treeMemory(2 ** 22 + 12345)).toEqual([]);
  });
});
