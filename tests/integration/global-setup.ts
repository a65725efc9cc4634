import type { TestProject } from 'vitest/node';
import type { RunningStack } from '../../local/stack.ts';
import { startTestStack } from '../../local/test-stack.ts';

export interface TestStackEnv {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbUrl: string;
  mailboxUrl: string;
  appUrl: string;
  /** The Stripe sandbox the functions talk to (local/sandboxes/stripe.ts). */
  stripeUrl: string;
  /** The eBay sandbox the functions talk to (local/sandboxes/ebay.ts). */
  ebayUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: TestStackEnv;
  }
}

/**
 * The projects of one run (integration and integration-alone, vitest.config.ts) share one stack:
 * Vitest runs this setup once per project, in the same process, so the stack is kept on
 * globalThis and stopped when the last project's teardown runs.
 */
const shared = globalThis as {
  stockroomTestStack?: { stack: Promise<RunningStack>; users: number };
};

/** One real local stack (fresh database, free ports) for the whole integration run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.stockroomTestStack ??= {
    stack: startTestStack({
      // The whole suite comes from one address: per-client limits off (an empty rate-limit
      // header) whatever the environment says, and room for every mail it sends, where the
      // defaults are hosted Supabase's (per address; 2 mails an hour).
      authRateLimits: { header: '', emailSent: 1000 },
    }),
    users: 0,
  };
  const entry = shared.stockroomTestStack;
  entry.users += 1;
  const stack = await entry.stack;
  const { env } = stack;
  project.provide('stack', {
    apiUrl: env.API_URL,
    anonKey: env.ANON_KEY,
    serviceRoleKey: env.SERVICE_ROLE_KEY,
    jwtSecret: env.JWT_SECRET,
    dbUrl: env.DB_URL,
    mailboxUrl: env.MAILBOX_URL,
    appUrl: env.APP_URL,
    stripeUrl: stack.sandboxes.stripe ?? '',
    ebayUrl: stack.sandboxes.ebay ?? '',
  });
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    if (shared.stockroomTestStack === entry) delete shared.stockroomTestStack;
    await stack.stop();
  };
}
