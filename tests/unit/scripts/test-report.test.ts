// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  playwrightTests,
  slowest,
  timeReport,
  vitestTests,
  type PlaywrightSuite,
  type VitestJsonReport,
} from '../../../scripts/test-report.ts';

const vitestReport: VitestJsonReport = {
  numPassedTests: 3,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    {
      name: '/repo/tests/integration/a.test.ts',
      assertionResults: [
        { fullName: 'rooms are kept', status: 'passed', duration: 1200 },
        { fullName: 'rooms are refused', status: 'passed', duration: null },
      ],
    },
    {
      name: '/repo/tests/integration/b.test.ts',
      assertionResults: [{ fullName: 'items move', status: 'passed', duration: 300 }],
    },
  ],
};

const playwrightReport: PlaywrightSuite[] = [
  {
    title: 'inventory.spec.ts',
    file: 'inventory.spec.ts',
    specs: [
      {
        title: 'adds an item',
        line: 12,
        tests: [
          { projectName: 'desktop', status: 'expected', results: [{ duration: 4000 }] },
          {
            projectName: 'tablet',
            status: 'flaky',
            results: [{ duration: 6000 }, { duration: 5000 }],
          },
        ],
      },
    ],
    suites: [
      {
        title: 'moving',
        specs: [
          {
            title: 'drags to a shelf',
            line: 40,
            tests: [{ projectName: 'desktop', status: 'unexpected', results: [{ duration: 900 }] }],
          },
        ],
      },
    ],
  },
];

describe('the tests of a run, with their times', () => {
  it('names Vitest tests by stage, file and full name, as failures are named', () => {
    expect(vitestTests('integration', '/repo', vitestReport)).toEqual([
      { name: 'integration › tests/integration/a.test.ts › rooms are kept', ms: 1200 },
      { name: 'integration › tests/integration/a.test.ts › rooms are refused', ms: 0 },
      { name: 'integration › tests/integration/b.test.ts › items move', ms: 300 },
    ]);
  });

  it('names Playwright tests by project, file, line and describe blocks; a retry adds its run', () => {
    expect([...playwrightTests(playwrightReport)]).toEqual([
      { title: '[desktop] inventory.spec.ts:12 › adds an item', status: 'expected', ms: 4000 },
      { title: '[tablet] inventory.spec.ts:12 › adds an item', status: 'flaky', ms: 11_000 },
      {
        title: '[desktop] inventory.spec.ts:40 › moving › drags to a shelf',
        status: 'unexpected',
        ms: 900,
      },
    ]);
  });
});

describe('slowest', () => {
  const tests = Array.from({ length: 30 }, (_, i) => ({ name: `t${i}`, ms: (i % 10) * 100 }));

  it('keeps the 20 slowest, slowest first, ties in name order, nothing that took no time', () => {
    const top = slowest(tests);
    expect(top).toHaveLength(20);
    expect(top.slice(0, 4)).toEqual([
      { name: 't19', ms: 900 },
      { name: 't29', ms: 900 },
      { name: 't9', ms: 900 },
      { name: 't18', ms: 800 },
    ]);
    expect(top.at(-1)).toEqual({ name: 't23', ms: 300 });
    expect(slowest([{ name: 'none', ms: 0 }])).toEqual([]);
  });

  it('takes another count, and fewer when there are fewer', () => {
    expect(slowest(tests, 2).map((t) => t.name)).toEqual(['t19', 't29']);
    expect(slowest(tests.slice(0, 3), 20).map((t) => t.name)).toEqual(['t2', 't1']);
  });

  it('leaves the list it was given as it was', () => {
    const given = [
      { name: 'a', ms: 1 },
      { name: 'b', ms: 2 },
    ];
    slowest(given);
    expect(given.map((t) => t.name)).toEqual(['a', 'b']);
  });
});

describe('formatDuration', () => {
  it('gives seconds with a tenth under a minute, minutes and seconds above', () => {
    expect(formatDuration(0)).toBe('0.0 s');
    expect(formatDuration(850)).toBe('0.9 s');
    expect(formatDuration(42_340)).toBe('42.3 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
    expect(formatDuration(59_960)).toBe('1 min 00 s');
    expect(formatDuration(60_000)).toBe('1 min 00 s');
    expect(formatDuration(754_400)).toBe('12 min 34 s');
  });
});

describe('timeReport', () => {
  it('prints a line per stage, then the slowest tests with their times lined up', () => {
    expect(
      timeReport(
        [
          { name: 'typecheck', ms: 61_000 },
          { name: 'e2e', ms: 9_500 },
        ],
        [
          { name: 'unit › a', ms: 900 },
          { name: 'e2e › b', ms: 12_000 },
          { name: 'unit › c', ms: 0 },
        ],
      ),
    ).toEqual([
      'Time: typecheck  1 min 01 s',
      'Time: e2e        9.5 s',
      'Slowest 2 tests:',
      '  12.0 s  e2e › b',
      '   0.9 s  unit › a',
    ]);
  });

  it('prints only the stages when no test was timed', () => {
    expect(timeReport([{ name: 'lint', ms: 1000 }], [])).toEqual(['Time: lint  1.0 s']);
  });
});
