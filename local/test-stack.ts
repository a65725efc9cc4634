import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StackOptions } from './config.ts';
import { DEFAULT_JWT_SECRET } from './keys.ts';
import { freePort } from './ports.ts';
import { startStack, type RunningStack } from './stack.ts';

/**
 * Options for a stack on `dataDir` with ports the OS says are free: how tests and benches run
 * stacks beside `npm start` and beside each other. Durable and quiet unless overridden.
 */
export async function freePortStackOptions(
  dataDir: string,
  overrides: Partial<StackOptions> = {},
): Promise<StackOptions> {
  return {
    dataDir,
    apiPort: await freePort(),
    appPort: await freePort(),
    dbPort: await freePort(),
    mailboxPort: await freePort(),
    jwtSecret: DEFAULT_JWT_SECRET,
    fresh: false,
    distDir: null,
    enableConfirmations: true,
    ephemeral: false,
    log: () => undefined,
    ...overrides,
  };
}

/**
 * A throwaway stack for tests and benches: fresh database in a temporary folder, free ports,
 * durability traded for speed. Removing the folder is part of stopping it.
 */
export async function startTestStack(overrides: Partial<StackOptions> = {}): Promise<RunningStack> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-test-'));
  const stack = await startStack(
    await freePortStackOptions(dataDir, {
      fresh: true,
      ephemeral: true,
      log: (line) => console.error(line),
      ...overrides,
    }),
  );
  return {
    ...stack,
    async stop() {
      await stack.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
