// Rate limits, TOTP attempt limits, refresh-token reuse, and expired access tokens.
// These need their own limits and a movable clock, so each test starts its own auth service
// (tests/helpers/own-auth.ts).
import { createClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { ownAuth, ownAuthPool, stopOwnAuths } from '../helpers/own-auth.ts';
import { stack } from '../helpers/stack.ts';

let pool: pg.Pool;

beforeAll(() => {
  pool = ownAuthPool();
});
afterAll(stopOwnAuths);

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

/** GoTrue's answer once a client's bucket is empty. */
function expectLimited(error: { status?: number; code?: string; message: string } | null) {
  expect(error?.status).toBe(429);
  expect(error?.code).toBe('over_request_rate_limit');
  expect(error?.message).toBe('Request rate limit reached');
}

/**
 * A refresh with a well-formed but unknown token from `ip`: counts against /token and costs no
 * bcrypt. Raw fetch, because supabase-js's refresh does not send the client's global headers.
 */
async function unknownRefresh(url: string, ip: string) {
  const res = await fetch(`${url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: {
      apikey: stack().anonKey,
      'Content-Type': 'application/json',
      'X-Forwarded-For': ip,
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify({ refresh_token: 'unknownrefreshtoken0000000000000000000000' }),
  });
  const body = (await res.json()) as { code: string; message: string };
  return { error: { status: res.status, code: body.code, message: body.message } };
}

describe('rate limits (per client address by default, as on hosted Supabase)', () => {
  it('limit /token per client once the burst of 30 is spent, refilling at the configured rate', async () => {
    const { client, clock, url } = await ownAuth({
      rateLimits: { header: 'X-Forwarded-For', tokenRefresh: 60 },
    });
    clock.frozenAt = Date.now();
    const ip = '198.51.100.7';
    for (let i = 0; i < 30; i++) {
      expect((await unknownRefresh(url, ip)).error.code).toBe('refresh_token_not_found');
    }
    expectLimited((await unknownRefresh(url, ip)).error);
    // Password sign-ins share the bucket, as in GoTrue (no separate sign-in or per-e-mail limit).
    expectLimited(
      (await client(ip).auth.signInWithPassword({ email: newEmail(), password: 'wrong' })).error,
    );

    // Another client is not affected...
    expect((await unknownRefresh(url, '198.51.100.8')).error.code).toBe('refresh_token_not_found');
    // ...and 60 per 5 minutes gives the first one a request back every 5 seconds.
    clock.offsetMs = 5_000;
    expect((await unknownRefresh(url, ip)).error.code).toBe('refresh_token_not_found');
    expectLimited((await unknownRefresh(url, ip)).error);
  });

  it('apply no per-client limit when the rate-limit header is configured empty', async () => {
    const { url } = await ownAuth({
      rateLimits: { header: '', tokenRefresh: 1, verify: 1, otp: 1 },
    });
    for (let i = 0; i < 35; i++) {
      expect((await unknownRefresh(url, '198.51.100.9')).error.code).toBe(
        'refresh_token_not_found',
      );
    }
  });

  it('refuse the 31st wrong password in a row from one address by default, yet let the seller in from theirs', async () => {
    // No settings: hosted Supabase's defaults, per client address.
    const { client, clock } = await ownAuth();
    clock.frozenAt = Date.now();
    const email = await confirmedUser();
    const attacker = client('192.0.2.66');
    for (let i = 0; i < 30; i++) {
      const r = await attacker.auth.signInWithPassword({ email, password: 'guess' });
      expect(r.error?.code).toBe('invalid_credentials');
    }
    expectLimited((await attacker.auth.signInWithPassword({ email, password: 'guess' })).error);
    const seller = await client('192.0.2.1').auth.signInWithPassword({ email, password: PASSWORD });
    expect(seller.error).toBeNull();
  });

  it('limit sign-ups per client with the OTP limit, storing nothing for the refused one', async () => {
    const { client, clock } = await ownAuth({ rateLimits: { header: 'X-Forwarded-For' } });
    clock.frozenAt = Date.now();
    const c = client('198.51.100.20');
    // Refused sign-ups (a weak password) still count: the limit is on requests.
    for (let i = 0; i < 30; i++) {
      expect((await c.auth.signUp({ email: newEmail(), password: '1' })).error?.code).toBe(
        'weak_password',
      );
    }
    const email = newEmail();
    expectLimited((await c.auth.signUp({ email, password: PASSWORD })).error);
    const stored = await pool.query('select 1 from auth.users where email = $1', [email]);
    expect(stored.rowCount).toBe(0);
  });

  it('limit recovery-code guessing on /verify per client', async () => {
    const { client, clock } = await ownAuth({ rateLimits: { header: 'X-Forwarded-For' } });
    clock.frozenAt = Date.now();
    const email = await confirmedUser();
    const c = client('198.51.100.40');
    for (let i = 0; i < 30; i++) {
      const r = await c.auth.verifyOtp({ email, token: '000000', type: 'recovery' });
      expect(r.error?.code).toBe('otp_expired');
    }
    expectLimited((await c.auth.verifyOtp({ email, token: '000000', type: 'recovery' })).error);
  });

  it('send 2 mails an hour by default, storing nothing for the refused sign-up', async () => {
    // No settings: hosted Supabase's built-in mailer allows 2 mails an hour.
    const { client, mailbox } = await ownAuth();
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

describe('TOTP verification attempts', () => {
  it('are limited per client by the MFA challenge-and-verify limit', async () => {
    const { client, clock } = await ownAuth({
      rateLimits: { header: 'X-Forwarded-For', mfaChallengeAndVerify: 15 },
    });
    clock.frozenAt = Date.now();
    const email = await confirmedUser();
    const c = client('198.51.100.50');
    expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const factor = (await c.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const challenge = (await c.auth.mfa.challenge({ factorId: factor.id })).data!;
    for (let i = 0; i < 30; i++) {
      const wrong = await c.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge.id,
        code: '000000',
      });
      expect(wrong.error?.code).toBe('mfa_verification_failed');
      expect(wrong.error?.message).toBe('Invalid TOTP code entered');
    }
    expectLimited(
      (await c.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.id, code: '000000' }))
        .error,
    );
  });
});

describe('refresh-token reuse (GoTrue)', () => {
  async function rotatedTwice(interval: number) {
    const { client, clock } = await ownAuth({ refreshTokenReuseInterval: interval });
    // Time stands still unless a test moves it: "within the interval" must not depend on how
    // fast a busy machine answers.
    clock.frozenAt = Date.now();
    const email = await confirmedUser();
    const c = client();
    const first = (await c.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const second = (await c.auth.refreshSession({ refresh_token: first.refresh_token })).data
      .session!;
    const third = (await c.auth.refreshSession({ refresh_token: second.refresh_token })).data
      .session!;
    return { client, clock, email, first, second, third };
  }

  it('answer the active token for its direct parent, even after the reuse interval', async () => {
    const { client, clock, third, second } = await rotatedTwice(10);
    clock.offsetMs = 60_000;
    const again = await client().auth.refreshSession({ refresh_token: second.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(third.refresh_token);
  });

  it('give an older token a new one within the reuse interval', async () => {
    const { client, first, third } = await rotatedTwice(10);
    const again = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).not.toBe(third.refresh_token);
  });

  it('revoke the chain but keep the session for an older token after the interval', async () => {
    const { client, clock, first, third } = await rotatedTwice(10);
    clock.offsetMs = 11_000;
    const replay = await client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error?.status).toBe(400);
    expect(replay.error?.code).toBe('refresh_token_already_used');
    expect(replay.error?.message).toBe('Invalid Refresh Token: Already Used');

    const sid = JSON.parse(Buffer.from(third.access_token.split('.')[1]!, 'base64url').toString())
      .session_id as string;
    const session = await pool.query('select 1 from auth.sessions where id = $1', [sid]);
    expect(session.rowCount).toBe(1);
    const live = await pool.query(
      'select 1 from auth.refresh_tokens where session_id = $1 and not revoked',
      [sid],
    );
    expect(live.rowCount).toBe(0);
    // The access token already issued lives on until it expires, as in GoTrue.
    expect((await client().auth.getUser(third.access_token)).error).toBeNull();
    // The current refresh token was revoked just now, so it has its own reuse interval...
    clock.offsetMs = 30_000;
    const current = await client().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(current.error?.code).toBe('refresh_token_already_used');
  });

  it('use the configured reuse interval', async () => {
    const { client, clock, first } = await rotatedTwice(120);
    clock.offsetMs = 60_000;
    expect(
      (await client().auth.refreshSession({ refresh_token: first.refresh_token })).error,
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
