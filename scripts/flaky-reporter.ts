import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Writes the name of each test that failed and then passed on CI's retry to the file named by
 * FLAKY_TESTS_FILE, so `npm test` can name it above its summary: a retry must not hide a flake.
 */
export default class FlakyReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const file = process.env.FLAKY_TESTS_FILE;
    if (!file || !test.diagnostic()?.flaky) return;
    appendFileSync(
      file,
      `${path.relative(process.cwd(), test.module.moduleId)} › ${test.fullName}\n`,
    );
  }
}
