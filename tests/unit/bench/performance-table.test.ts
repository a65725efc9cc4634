// @vitest-environment node
// docs/performance.md's table is written by `npm run bench:docs` from a bench run's
// latest.json; a small run of four figures (tests/fixtures/bench/latest.json) stands in for it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseResults,
  performanceTable,
  runDate,
  TABLE_END,
  TABLE_START,
  withPerformanceTable,
} from '../../../bench/performance-table';

const root = path.resolve(import.meta.dirname, '../../..');
const results = parseResults(
  readFileSync(path.join(root, 'tests/fixtures/bench/latest.json'), 'utf8'),
);

const DOC = [
  '# Performance',
  '',
  'How it is timed: by hand.',
  '',
  TABLE_START,
  '',
  'an old table',
  '',
  TABLE_END,
  '',
  'Known gaps: written by hand too.',
  '',
].join('\n');

describe('the performance table', () => {
  it('names the run and the machine, then one row per figure', () => {
    const lines = performanceTable(results);
    expect(lines[0]).toBe(
      'Latest run, 2026-11-22 06:30 UTC, on 2 cores AMD EPYC 7B13, 24 GiB, node v20.20.2:',
    );
    expect(lines[2]).toMatch(/^\| figure +\| value +\| budget +\| met +\| measured against +\|$/);
    expect(lines).toHaveLength(3 + 1 + 4);
  });

  it('gives each figure its value, budget, whether it was met and what it is held against', () => {
    const [cold, gateway, calls, failed] = performanceTable(results)
      .slice(4)
      .map((row) => row.split(/(?<!\\)\|/).map((cell) => cell.trim()));
    expect(cold).toEqual([
      '',
      'stack cold start',
      '625 ms',
      '< 5000 ms',
      'met',
      'fresh folder, initdb + migrations',
      '',
    ]);
    expect(gateway?.slice(2, 5)).toEqual(['20.9 %', '< 20 %', '**missed**']);
    // A pipe in a cell would end it: it is escaped.
    expect(gateway?.[5]).toBe('PostgREST direct 4438 req/s \\| gateway 3670 req/s');
    expect(calls?.[2]).toBe('11 calls');
    // A section that failed has no value (NaN, null in the JSON) and is a miss.
    expect(failed?.slice(2, 6)).toEqual(['-', '-', '**missed**', 'not measured: page closed']);
  });

  it('pads every column to one width, as Prettier lays a table out', () => {
    const table = performanceTable(results).slice(2);
    expect(new Set(table.map((row) => row.length)).size).toBe(1);
    expect(table[1]).toMatch(/^\| -+ \| -+ \| -+ \| -+ \| -+ \|$/);
  });

  it('replaces only what is between the markers, and again gives the same file', () => {
    const once = withPerformanceTable(DOC, results);
    expect(once.startsWith('# Performance\n\nHow it is timed: by hand.\n\n' + TABLE_START)).toBe(
      true,
    );
    expect(once.endsWith(TABLE_END + '\n\nKnown gaps: written by hand too.\n')).toBe(true);
    expect(once).not.toContain('an old table');
    expect(once).toContain('| stack cold start');
    expect(withPerformanceTable(once, results)).toBe(once);
  });

  it('refuses a file without its markers, and a file that is not a bench result', () => {
    expect(() => withPerformanceTable('# Performance\n', results)).toThrow(/needs the lines/);
    expect(() => parseResults('{"date":"yesterday","machine":"x","figures":[]}')).toThrow(
      /Not a bench result/,
    );
    expect(() => parseResults('{"date":"2026-11-22T06:30:00Z","figures":[]}')).toThrow(
      /Not a bench result/,
    );
  });

  it('writes the date in UTC to the minute', () => {
    expect(runDate('2026-11-26T23:59:59.999+02:00')).toBe('2026-11-26 21:59 UTC');
  });
});
