import path from 'node:path';

/**
 * The pure part of `npm test`'s closing report (scripts/test-all.ts): each test's name and time
 * read from the Vitest and Playwright JSON reports, the slowest of the whole run, and durations
 * written for people.
 */

export interface TimedTest {
  /** Named as `npm test` names a failure: stage, file, describe blocks and title. */
  name: string;
  ms: number;
}

export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; duration?: number | null }[];
  }[];
}

/** Every test of a Vitest JSON report with its time, named `label › file › full name`. */
export function vitestTests(label: string, root: string, report: VitestJsonReport): TimedTest[] {
  return report.testResults.flatMap((file) => {
    const where = path.relative(root, file.name);
    return file.assertionResults.map((test) => ({
      name: `${label} › ${where} › ${test.fullName}`,
      ms: test.duration ?? 0,
    }));
  });
}

export interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { projectName: string; status: string; results?: { duration: number }[] }[];
  }[];
}

export interface PlaywrightTest {
  /** `[project] file:line › describe › title` */
  title: string;
  status: string;
  /** Every run of the test (a retry included): what it cost the run. */
  ms: number;
}

/** Every test (per project) of a Playwright JSON report. */
export function* playwrightTests(
  suites: PlaywrightSuite[],
  file = '',
  describes: string[] = [],
): Generator<PlaywrightTest> {
  for (const suite of suites) {
    const inFile = suite.file ?? file;
    const names = suite.file === suite.title ? [] : [...describes, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const title = [`[${test.projectName}] ${inFile}:${spec.line}`, ...names, spec.title].join(
          ' › ',
        );
        const ms = (test.results ?? []).reduce((sum, result) => sum + result.duration, 0);
        yield { title, status: test.status, ms };
      }
    }
    yield* playwrightTests(suite.suites ?? [], inFile, names);
  }
}

/** The `count` slowest tests, slowest first (ties by name, so the list is stable). */
export function slowest(tests: TimedTest[], count = 20): TimedTest[] {
  return [...tests]
    .filter((test) => test.ms > 0)
    .sort((a, b) => b.ms - a.ms || a.name.localeCompare(b.name))
    .slice(0, count);
}

/** 850 ms → "0.9 s", 42_300 → "42.3 s", 754_000 → "12 min 34 s". */
export function formatDuration(ms: number): string {
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** The lines printed above the summary: time per stage, then the slowest tests. */
export function timeReport(stages: { name: string; ms: number }[], tests: TimedTest[]): string[] {
  const width = Math.max(0, ...stages.map((stage) => stage.name.length));
  const lines = stages.map(
    (stage) => `Time: ${stage.name.padEnd(width)}  ${formatDuration(stage.ms)}`,
  );
  const top = slowest(tests);
  if (top.length > 0) {
    lines.push(`Slowest ${top.length} tests:`);
    const durations = top.map((test) => formatDuration(test.ms));
    const col = Math.max(...durations.map((d) => d.length));
    top.forEach((test, i) => lines.push(`  ${durations[i]!.padStart(col)}  ${test.name}`));
  }
  return lines;
}
