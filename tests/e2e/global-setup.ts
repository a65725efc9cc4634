import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../../local/build.ts';
import { DEFAULT_JWT_SECRET, signApiKey } from '../../local/keys.ts';
import { freePort } from '../../local/ports.ts';
import { startTestStack } from '../../local/test-stack.ts';

/**
 * Starts a fresh local stack on free ports, builds the SPA against it exactly as Netlify would
 * build it against hosted Supabase, and serves it. Tests read the URLs from process.env.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const apiPort = await freePort();
  // A build of its own: the SPA is built against this run's API port, so two runs at once (two
  // developers, or a developer and a bench) must not share one.
  const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockroom-e2e-dist-'));
  await ensureBuilt({
    distDir,
    env: {
      VITE_SUPABASE_URL: `http://127.0.0.1:${apiPort}`,
      VITE_SUPABASE_ANON_KEY: await signApiKey('anon', DEFAULT_JWT_SECRET),
    },
    log: (line) => console.log(line),
  });
  const stack = await startTestStack({
    apiPort,
    distDir,
    // The whole suite comes from one address: per-client limits off (an empty rate-limit
    // header) whatever the environment says, and room for every mail it sends, where the
    // defaults are hosted Supabase's (per address; 2 mails an hour).
    authRateLimits: { header: '', emailSent: 5000 },
  });
  Object.assign(process.env, {
    STOCKROOM_E2E_APP_URL: stack.env.APP_URL,
    STOCKROOM_E2E_API_URL: stack.env.API_URL,
    STOCKROOM_E2E_ANON_KEY: stack.env.ANON_KEY,
    STOCKROOM_E2E_SERVICE_ROLE_KEY: stack.env.SERVICE_ROLE_KEY,
    STOCKROOM_E2E_MAILBOX_URL: stack.env.MAILBOX_URL,
    STOCKROOM_E2E_DB_URL: stack.env.DB_URL,
    STOCKROOM_E2E_STRIPE_URL: stack.sandboxes.stripe ?? '',
    STOCKROOM_E2E_EBAY_URL: stack.sandboxes.ebay ?? '',
  });
  return async () => {
    await stack.stop();
    await fs.rm(distDir, { recursive: true, force: true });
  };
}
