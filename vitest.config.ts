import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: fast unit tests in jsdom, and integration tests in node against a real
// local stack started once by the global setup (fresh database, free ports).
// On CI a failed test runs once more, as the e2e tests do; `npm test` names every test that
// needed it above its summary (scripts/flaky-reporter.ts), so a flake is seen, not hidden.
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          retry,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/integration/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          retry,
        },
      },
    ],
  },
});
