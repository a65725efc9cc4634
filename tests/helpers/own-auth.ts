// An auth service of its own (the same code the stack mounts) on the test stack's database, for
// tests that need settings or a clock the shared stack does not have. Talk to it through
// supabase-js; `clock.offsetMs` moves its time, `clock.frozenAt` stops it; `stopOwnAuths()` in afterAll closes everything.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import ws from 'ws';
import { createAuthService, type AuthConfig } from '../../local/auth/index.ts';
import { createMailbox } from '../../local/mailbox.ts';
import { stack } from './stack.ts';

let sharedPool: pg.Pool | null = null;
const servers: http.Server[] = [];

/** A pool on the test stack's database, shared by every own auth service of the file. */
export function ownAuthPool(): pg.Pool {
  sharedPool ??= new pg.Pool({ connectionString: stack().dbUrl, max: 4 });
  return sharedPool;
}

export async function ownAuth(overrides: Partial<AuthConfig> = {}) {
  // `frozenAt` stops the clock (for token buckets that would refill while a test runs).
  const clock: { offsetMs: number; frozenAt: number | null } = { offsetMs: 0, frozenAt: null };
  const mailbox = createMailbox();
  const auth = createAuthService({
    pool: ownAuthPool(),
    jwtSecret: stack().jwtSecret,
    jwtExpiry: 3600,
    siteUrl: stack().appUrl,
    apiExternalUrl: stack().apiUrl,
    mailbox,
    enableConfirmations: true,
    now: () => new Date((clock.frozenAt ?? Date.now()) + clock.offsetMs),
    ...overrides,
  });
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    void auth.handle(req, res, url.replace(/^\/auth\/v1/, ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** A client whose requests say they come from `ip` (X-Forwarded-For). */
  const client = (ip = '203.0.113.1'): SupabaseClient =>
    createClient(url, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { 'X-Forwarded-For': ip } },
      realtime: { transport: ws as never },
    });
  return { client, clock, mailbox, url };
}

export async function stopOwnAuths(): Promise<void> {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  await sharedPool?.end();
  sharedPool = null;
}
