// @vitest-environment node
// `npm run bench:docs` writes docs/performance.md's table and README.md's summary from one
// latest.json (tests/fixtures/bench/latest.json, four figures), here into copies in a temp folder.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SUMMARY_END,
  SUMMARY_START,
  TABLE_END,
  TABLE_START,
} from '../../../bench/performance-table';
import { writePerformanceDocs } from '../../../bench/write-docs';

const FIXTURE = path.resolve(import.meta.dirname, '../../fixtures/bench/latest.json');

const DOCS = ['# Performance', '', 'By hand.', '', TABLE_START, 'old table', TABLE_END, ''].join(
  '\n',
);
const README = [
  '# Stockroom',
  '',
  '## Performance',
  '',
  'By hand too.',
  '',
  SUMMARY_START,
  'old summary',
  SUMMARY_END,
  '',
  '## Next',
  '',
].join('\n');

describe('bench:docs', () => {
  let dir: string;
  let docs: string;
  let readme: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-bench-docs-'));
    docs = path.join(dir, 'performance.md');
    readme = path.join(dir, 'README.md');
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("writes the docs table and the README's summary from one latest.json", async () => {
    await fs.writeFile(docs, DOCS);
    await fs.writeFile(readme, README);
    await writePerformanceDocs(FIXTURE, docs, readme);

    const table = await fs.readFile(docs, 'utf8');
    expect(table).not.toContain('old table');
    expect(table).toContain('| stack cold start');
    expect(table.startsWith('# Performance\n\nBy hand.\n\n' + TABLE_START + '\n')).toBe(true);

    const summary = await fs.readFile(readme, 'utf8');
    expect(summary).not.toContain('old summary');
    expect(summary.startsWith('# Stockroom\n\n## Performance\n\nBy hand too.\n\n')).toBe(true);
    expect(summary.endsWith(SUMMARY_END + '\n\n## Next\n')).toBe(true);
    const lines = summary.split('\n');
    const body = lines.slice(lines.indexOf(SUMMARY_START) + 1, lines.indexOf(SUMMARY_END));
    expect(body).toEqual([
      '',
      'Latest `npm run bench`, 2026-11-22 06:30 UTC, on 2 cores AMD EPYC 7B13, 24 GiB, node v20.20.2: 2 of 4 figures within budget.',
      '',
      '- stack cold start: 625 ms, budget < 5000 ms: met',
      '- gateway overhead (REST, 50 conns): 20.9 %, budget < 20 %: **missed**',
      '- 3D view draw calls: 11 calls, budget a few dozen, not thousands: met',
      '- live sync: not measured, budget -: **missed**',
      '',
    ]);

    // A second run of the same results changes nothing.
    await writePerformanceDocs(FIXTURE, docs, readme);
    expect(await fs.readFile(docs, 'utf8')).toBe(table);
    expect(await fs.readFile(readme, 'utf8')).toBe(summary);
  });

  it('fails on a file without its markers, and then writes neither file', async () => {
    await fs.writeFile(docs, DOCS);
    await fs.writeFile(readme, '# Stockroom\n\n## Performance\n\nNo markers.\n');
    await expect(writePerformanceDocs(FIXTURE, docs, readme)).rejects.toThrow(
      `README.md needs the lines ${SUMMARY_START} and ${SUMMARY_END}`,
    );
    expect(await fs.readFile(docs, 'utf8')).toBe(DOCS);

    await fs.writeFile(docs, '# Performance\n');
    await fs.writeFile(readme, README);
    await expect(writePerformanceDocs(FIXTURE, docs, readme)).rejects.toThrow(
      /docs\/performance\.md needs the lines/,
    );
    expect(await fs.readFile(readme, 'utf8')).toBe(README);
  });
});
