import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { StackOptions } from './config.ts';
import { DEFAULT_JWT_SECRET } from './keys.ts';
import { freePort } from './ports.ts';
import { startStack, type RunningStack } from './stack.ts';

/**
 * A throwaway stack for tests and benches: fresh database in a temporary folder, free ports,
 * durability traded for speed. Removing the folder is part of stopping it.
 */
export async function startTestStack(overrides: Partial<StackOptions> = {}): Promise<RunningStack> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-test-'));
  const stack = await startStack({
    dataDir,
    apiPort: await freePort(),
    appPort: await freePort(),
    dbPort: await freePort(),
    mailboxPort: await freePort(),
    jwtSecret: DEFAULT_JWT_SECRET,
    fresh: true,
    distDir: null,
    enableConfirmations: true,
    ephemeral: true,
    log: (line) => console.error(line),
    ...overrides,
  });
  return {
    ...stack,
    async stop() {
      await stack.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
