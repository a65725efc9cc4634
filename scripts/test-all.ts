import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  playwrightTests,
  timeReport,
  vitestTests,
  type PlaywrightSuite,
  type TimedTest,
  type VitestJsonReport,
} from './test-report.ts';

/**
 * `npm test`: every check — typecheck and lint side by side, then unit, integration, e2e — each
 * run even when an earlier one failed, so one run shows everything that is wrong. Ends with where the time
 * went (each stage, the 20 slowest tests), the names of failed and flaky tests, and a plain
 * `N passed, N failed` line (checks count as one each, test suites by their tests).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Names of failed and flaky tests, printed again just above the summary line: CI shows only the
 * end of a long log, and a failure far above it would otherwise go unnamed.
 */
const failures: string[] = [];
const flakes: string[] = [];
/** Every test of the run with its time, for the slowest-tests list. */
const timed: TimedTest[] = [];
/** How long each stage took, for the lines above the summary. */
const stages: { name: string; ms: number }[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

/** Runs a command with its output held back; resolves with its exit code and all it printed. */
function runHeld(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = (code: number) => resolve({ code, output: Buffer.concat(chunks).toString() });
    child.on('close', (code) => done(code ?? 1));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
  });
}

interface Check {
  name: string;
  command: string;
  args: string[];
}

/**
 * Checks that each use one core (tsc, ESLint) run side by side on a 2-core machine; each one's
 * output is printed whole when it has ended, in the order given, so nothing interleaves. Each
 * stage's time runs from the common start to its own end.
 */
async function checksSideBySide(checks: Check[]): Promise<Tally[]> {
  const start = Date.now();
  const running = checks.map((c) =>
    runHeld(c.command, c.args).then((result) => ({ ...result, ms: Date.now() - start })),
  );
  const tallies: Tally[] = [];
  for (const [i, c] of checks.entries()) {
    const { code, output, ms } = await running[i]!;
    const beside = checks.filter((other) => other !== c).map((other) => other.name);
    stages.push({ name: `${c.name} (beside ${beside.join(', ')})`, ms });
    console.log(`\n▶ ${c.name}`);
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    console.log(code === 0 ? `✔ ${c.name}` : `✘ ${c.name} (exit ${code})`);
    if (code !== 0) failures.push(c.name);
    tallies.push(
      code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 },
    );
  }
  return tallies;
}

/** A Vitest run of `projects`, reported as one stage named `label`. */
async function vitest(label: string, projects: string[] = [label]): Promise<Tally> {
  console.log(`\n▶ ${label} tests`);
  const out = path.join(RESULTS, `${label}.json`);
  rmSync(out, { force: true });
  const flaky = path.join(RESULTS, `${label}-flaky.txt`);
  rmSync(flaky, { force: true });
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/flaky-reporter.ts',
      `--outputFile.json=${out}`,
    ],
    { FLAKY_TESTS_FILE: flaky },
  );
  if (existsSync(flaky)) {
    for (const name of readFileSync(flaky, 'utf8').split('\n').filter(Boolean)) {
      flakes.push(`${label} › ${name}`);
    }
  }
  const report = readJson<VitestJsonReport>(out);
  if (!report) {
    failures.push(`${label}: no report (exit ${code})`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  timed.push(...vitestTests(label, ROOT, report));
  for (const file of report.testResults) {
    const where = path.relative(ROOT, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) failures.push(`${label} › ${where} › ${test.fullName}`);
    if (failed.length === 0 && file.message)
      failures.push(`${label} › ${where} › ${file.message.split('\n')[0]}`);
  }
  // A crash outside any test (a broken global setup, say) still has to count as a failure.
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return {
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

async function playwright(): Promise<Tally> {
  console.log('\n▶ e2e tests');
  const out = path.join(RESULTS, 'e2e.json');
  rmSync(out, { force: true });
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json']);
  const report = readJson<{
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites?: PlaywrightSuite[];
  }>(out);
  if (!report) {
    failures.push(`e2e: no report (exit ${code})`);
    return { passed: 0, failed: 1, skipped: 0 };
  }
  for (const { title, status, ms } of playwrightTests(report.suites ?? [])) {
    timed.push({ name: `e2e › ${title}`, ms });
    if (status === 'unexpected') failures.push(`e2e › ${title}`);
    if (status === 'flaky') flakes.push(`e2e › ${title}`);
  }
  const crashed = code !== 0 && report.stats.unexpected === 0 ? 1 : 0;
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + crashed,
    skipped: report.stats.skipped,
  };
}

const started = Date.now();
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = path.join(RESULTS, 'e2e.json');

/** Runs one stage and notes how long it took. */
async function stage(name: string, work: () => Promise<Tally>): Promise<Tally> {
  const start = Date.now();
  const tally = await work();
  stages.push({ name, ms: Date.now() - start });
  return tally;
}

const tallies: Tally[] = [
  ...(await checksSideBySide([
    { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  ])),
  await stage('unit', () => vitest('unit')),
  await stage('integration', () => vitest('integration', ['integration', 'integration-alone'])),
  await stage('e2e', () => playwright()),
];
const total = tallies.reduce(
  (sum, t) => ({
    passed: sum.passed + t.passed,
    failed: sum.failed + t.failed,
    skipped: sum.skipped + t.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log('');
for (const line of timeReport(stages, timed)) console.log(line);
for (const name of flakes) console.log(`Flaky (passed on retry): ${name}`);
for (const name of failures) console.log(`Failed: ${name}`);
console.log(`\nAll checks done in ${Math.round((Date.now() - started) / 1000)} s.`);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed === 0 ? 0 : 1);
