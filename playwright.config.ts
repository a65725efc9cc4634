import { defineConfig, devices } from '@playwright/test';
// Playwright cannot download its own browsers here: it drives Debian's headless Chromium.
import { chromiumPath as executablePath } from './tests/helpers/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Room for the longer journeys on a 2-core machine shared by Chromium, Postgres and the stack.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    // Set by the global setup, which starts the stack before the workers (and this file in them) load.
    baseURL: process.env.STOCKROOM_E2E_APP_URL,
    // Recording a trace (a DOM snapshot per action, a screencast) doubled every test's time on
    // two cores: traces are recorded on a retry, which CI makes of every failed test. Locally,
    // `npx playwright test … --trace retain-on-failure` records one while looking into a failure.
    trace: 'on-first-retry',
    // The app's service worker keeps its code for offline use (installable-app.spec.ts lets it
    // in); elsewhere it would answer requests the tests hold back or fail on purpose.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  // Each project runs what it proves (docs/architecture.md#writing-an-e2e-test). Everything runs
  // once, on the desktop; a test whose subject is touch or the tablet layout is tagged `@touch` and
  // runs on the tablet too, and one that only a touch tablet can show is tagged `@touch-only` and
  // runs only there.
  projects: [
    {
      name: 'desktop',
      grepInvert: /@touch-only/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        channel: undefined,
      },
    },
    {
      name: 'tablet',
      grep: /@touch/,
      use: {
        viewport: { width: 1024, height: 768 },
        hasTouch: true,
        isMobile: false,
        deviceScaleFactor: 1,
      },
    },
  ],
});
