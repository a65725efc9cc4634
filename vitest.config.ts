import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit tests in jsdom (or node, per file), then integration tests in node against one real local
// stack started by the global setup (fresh database, free ports), shared by both integration
// projects: `integration` runs its files side by side, then `integration-alone` runs the files
// that change or read what every other file shares, one at a time.
// On CI a failed test runs once more, as the e2e tests do; `npm test` names every test that
// needed it above its summary (scripts/flaky-reporter.ts), so a flake is seen, not hidden.
const retry = process.env.CI ? 1 : 0;

/**
 * Integration files that must not run beside others, and why. Every other file makes its own
 * sellers, addresses and sandbox connections, and may run beside any other.
 */
const ALONE = {
  // Start, stop, restart and kill stacks of their own (Postgres, PostgREST, npm start, builds),
  // with time limits a busy machine would break; stack.test also adds a table to the shared
  // database and makes PostgREST reload its schema.
  'stack.test.ts': 'starts and kills stacks; DDL on the shared database',
  'stack-failures.test.ts': 'kills its stacks’ parts; counts restarts within a minute',
  'two-stacks.test.ts': 'starts two more stacks and Chromium; builds dist',
  'storage-restart.test.ts': 'starts and restarts a stack of its own',
  // Ends the Realtime service's replication session, which every subscriber shares, and waits
  // fixed times for changes that must not arrive.
  'realtime-changes.test.ts': 'kills the shared replication slot; timed waits',
  // Move the Stripe sandbox's clock (every subscription's time) and change its retry settings;
  // run the overdue-deadline job, which acts on every overdue account.
  'billing-overdue.test.ts': 'Stripe test clock and retry settings; global deadline job',
  // Changes the webhook API version and enabled events for every webhook of the sandbox.
  'billing-stripe-contract.test.ts': 'Stripe webhook endpoint settings',
  // The daily backup job backs up every seller with storage and drops everyone's old backups.
  'backups-daily.test.ts': 'daily backup job over every seller',
  'db-bounded-storage.test.ts': 'daily backup job over every seller',
  // The photo cleanup forgets removed items' photos and removes old unlisted files of everyone.
  'photos-cleanup.test.ts': 'photo cleanup job over every account',
  // The scheduled eBay orders fetch acts on every connected Elite account (their rate limits).
  'ebay-orders-scheduled.test.ts': 'scheduled orders fetch over every Elite account',
  // Times every call of an Elite sync against the 10 s limit.
  'ebay-elite-sync.test.ts': 'timed calls',
};
const alone = Object.keys(ALONE).map((file) => `tests/integration/${file}`);

// Files side by side: the stack, Postgres and the workers share 2 cores; measured fastest at 3
// (INTEGRATION_WORKERS overrides, for measuring).
const integrationWorkers = Number(process.env.INTEGRATION_WORKERS ?? 3);

const integration = {
  environment: 'node' as const,
  globalSetup: ['tests/integration/global-setup.ts'],
  setupFiles: ['tests/integration/setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  retry,
};

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
          // Each file's worker spends most of its time starting (jsdom alone is ~1.5 s of CPU) and
          // the unit stage runs by itself: every core, where Vitest's default leaves one idle.
          maxWorkers: availableParallelism(),
          retry,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: alone,
          maxWorkers: integrationWorkers,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration-alone',
          include: alone,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
