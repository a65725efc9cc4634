// Rate limits, refresh-token reuse outside the reuse interval, and expired access tokens.
// These need low limits and a movable clock, so each test starts its own instance of the auth
// service (the same code the stack mounts) on the stack's database, and talks to it through
// supabase-js.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { createAuthService, type AuthConfig } from '../../local/auth/index.ts';
import { createMailbox } from '../../local/mailbox.ts';
import { stack } from '../helpers/stack.ts';

let pool: pg.Pool;
const servers: http.Server[] = [];

beforeAll(() => {
  pool = new pg.Pool({ connectionString: stack().dbUrl, max: 4 });
});
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  await pool.end();
});

/** An auth service on its own port; `clock.offsetMs` moves its time. */
async function ownAuth(overrides: Partial<AuthConfig> = {}) {
  const clock = { offsetMs: 0 };
  const mailbox = createMailbox();
  const auth = createAuthService({
    pool,
    jwtSecret: stack().jwtSecret,
    jwtExpiry: 3600,
    siteUrl: stack().appUrl,
    apiExternalUrl: stack().apiUrl,
    mailbox,
    enableConfirmations: true,
    now: () => new Date(Date.now() + clock.offsetMs),
    ...overrides,
  });
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    void auth.handle(req, res, url.replace(/^\/auth\/v1/, ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (ip = '203.0.113.1'): SupabaseClient =>
    createClient(url, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { 'X-Forwarded-For': ip } },
      realtime: { transport: ws as never },
    });
  return { client, clock, mailbox };
}

const newEmail = () => `${crypto.randomUUID()}@example.test`;
const PASSWORD = 'limits password 5';

async function confirmedUser(): Promise<string> {
  const email = newEmail();
  const admin = createClient(stack().apiUrl, stack().serviceRoleKey, {
    auth: { persistSession: false },
    realtime: { transport: ws as never },
  });
  expect(
    (await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error,
  ).toBeNull();
  return email;
}

describe('rate limits', () => {
  it('limit password sign-ins per client IP, with a window that resets', async () => {
    const { client, clock } = await ownAuth({
      rateLimits: { signInPerIpPerWindow: 3, windowSeconds: 60 },
    });
    const c = client('198.51.100.7');
    for (let i = 0; i < 3; i++) {
      const r = await c.auth.signInWithPassword({ email: newEmail(), password: 'wrong' });
      expect(r.error?.code).toBe('invalid_credentials');
    }
    const limited = await c.auth.signInWithPassword({ email: newEmail(), password: 'wrong' });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    expect(limited.error?.message).toBe('Request rate limit reached');

    // Another address is not affected...
    const elsewhere = await client('198.51.100.8').auth.signInWithPassword({
      email: newEmail(),
      password: 'wrong',
    });
    expect(elsewhere.error?.code).toBe('invalid_credentials');
    // ...and the first one may try again after the window.
    clock.offsetMs = 61_000;
    const later = await c.auth.signInWithPassword({ email: newEmail(), password: 'wrong' });
    expect(later.error?.code).toBe('invalid_credentials');
  });

  it('limit password sign-ins per e-mail address across client IPs', async () => {
    const { client } = await ownAuth({ rateLimits: { signInPerEmailPerWindow: 2 } });
    const email = await confirmedUser();
    expect(
      (await client('192.0.2.1').auth.signInWithPassword({ email, password: 'x' })).error?.code,
    ).toBe('invalid_credentials');
    expect(
      (await client('192.0.2.2').auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
    const third = await client('192.0.2.3').auth.signInWithPassword({ email, password: PASSWORD });
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe('over_request_rate_limit');
  });

  it('limit sign-ups per client IP', async () => {
    const { client } = await ownAuth({ rateLimits: { signUpPerIpPerWindow: 2 } });
    const c = client('198.51.100.20');
    expect((await c.auth.signUp({ email: newEmail(), password: PASSWORD })).error).toBeNull();
    expect((await c.auth.signUp({ email: newEmail(), password: PASSWORD })).error).toBeNull();
    const email = newEmail();
    const limited = await c.auth.signUp({ email, password: PASSWORD });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_request_rate_limit');
    const stored = await pool.query('select 1 from auth.users where email = $1', [email]);
    expect(stored.rowCount).toBe(0);
  });

  it('limit the mails sent per hour, storing nothing for the refused sign-up', async () => {
    const { client, mailbox } = await ownAuth({ rateLimits: { emailSentPerHour: 2 } });
    const c = client('198.51.100.30');
    await c.auth.signUp({ email: newEmail(), password: PASSWORD });
    await c.auth.signUp({ email: newEmail(), password: PASSWORD });
    const email = newEmail();
    const limited = await c.auth.signUp({ email, password: PASSWORD });
    expect(limited.error?.status).toBe(429);
    expect(limited.error?.code).toBe('over_email_send_rate_limit');
    expect(limited.error?.message).toBe('email rate limit exceeded');
    expect(mailbox.list()).toHaveLength(2);
    const stored = await pool.query('select 1 from auth.users where email = $1', [email]);
    expect(stored.rowCount).toBe(0);
  });
});

describe('refresh-token reuse outside the reuse interval', () => {
  it('revokes the whole session and answers refresh_token_already_used', async () => {
    const { client, clock } = await ownAuth({ refreshTokenReuseInterval: 10 });
    const email = await confirmedUser();
    const c = client();
    const session = (await c.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const rotated = (await c.auth.refreshSession({ refresh_token: session.refresh_token })).data
      .session!;

    clock.offsetMs = 11_000;
    const replay = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');
    expect(replay.error?.status).toBe(400);

    // Even the legitimate current token and access token are dead now.
    const current = await client().auth.refreshSession({ refresh_token: rotated.refresh_token });
    expect(current.error?.code).toBe('refresh_token_not_found');
    expect((await client().auth.getUser(rotated.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    );
    // Other sessions of the same user are untouched.
    expect(
      (await client().auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toBeNull();
  });
});

describe('expired access tokens', () => {
  it('are refused by PostgREST and by the auth server', async () => {
    const { client } = await ownAuth({ now: () => new Date(Date.now() - 2 * 3600_000) });
    const email = await confirmedUser();
    const session = (await client().auth.signInWithPassword({ email, password: PASSWORD })).data
      .session!;
    expect(session.expires_at! * 1000).toBeLessThan(Date.now());

    const res = await fetch(`${stack().apiUrl}/rest/v1/profiles?select=id`, {
      headers: { apikey: stack().anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    expect(res.status).toBe(401);

    const me = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({
      error_code: 'bad_jwt',
      msg: expect.stringContaining('token is expired'),
    });
  });
});
