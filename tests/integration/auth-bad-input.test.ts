// Bad input gets a clear 4xx in GoTrue's error shape, and nothing is stored.
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { listMail } from '../helpers/mailbox.ts';
import { stack } from '../helpers/stack.ts';

// Every address this file sends is at a domain of its own: "nothing is stored" is then asked of
// that domain, whatever other files sign up meanwhile.
const DOMAIN = `bad-input-${crypto.randomUUID().slice(0, 8)}.test`;
const newEmail = () => `${crypto.randomUUID()}@${DOMAIN}`;

/** Raw POST to the auth API; `v2024` sends the header supabase-js sends. */
async function post(path: string, body: string, v2024 = false) {
  const res = await fetch(`${stack().apiUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: stack().anonKey,
      'Content-Type': 'application/json',
      ...(v2024 ? { 'X-Supabase-Api-Version': '2024-01-01' } : {}),
    },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: JSON.parse(text) as Record<string, unknown>,
  };
}

describe('bad input', () => {
  let db: pg.Client;
  /** A seller who was there before: the requests below may not remove anyone. */
  const sentinel = `sentinel-${crypto.randomUUID()}@example.test`;
  /** Users at this file's domain, or with no address at all (anonymous): there may be none. */
  const stored = async () =>
    Number(
      (
        await db.query<{ n: string }>(
          `select count(*)::text as n from auth.users
            where email ilike '%' || $1 || '%' or coalesce(email, '') = ''`,
          [DOMAIN],
        )
      ).rows[0]?.n,
    );
  const sentinelThere = async () =>
    (await db.query('select 1 from auth.users where email = $1', [sentinel])).rowCount === 1;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack().dbUrl });
    await db.connect();
    const admin = createClient(stack().apiUrl, stack().serviceRoleKey, {
      auth: { persistSession: false },
      realtime: { transport: ws as never },
    });
    const made = await admin.auth.admin.createUser({ email: sentinel, email_confirm: true });
    expect(made.error).toBeNull();
  });
  afterAll(async () => {
    // None of the requests in this file may have created a user, or removed one.
    expect(await stored()).toBe(0);
    expect(await sentinelThere()).toBe(true);
    await db.end();
  });

  it('malformed JSON is bad_json in both error shapes', async () => {
    const legacy = await post('/signup', `{"email": "a@${DOMAIN}", "password": `);
    expect(legacy.status).toBe(400);
    expect(legacy.json).toMatchObject({ code: 400, error_code: 'bad_json' });
    expect(legacy.json.msg).toMatch(/^Could not parse request body as JSON/);
    expect(legacy.headers.get('x-sb-error-code')).toBe('bad_json');

    const current = await post('/token?grant_type=password', 'not json', true);
    expect(current.status).toBe(400);
    expect(current.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(current.json).toEqual({
      code: 'bad_json',
      message: expect.stringMatching(/^Could not parse/),
    });

    expect((await post('/signup', '[1, 2, 3]')).json.error_code).toBe('bad_json');
    expect(
      (await post('/signup', JSON.stringify({ email: 42, password: 'abcdefgh' }))).json.error_code,
    ).toBe('bad_json');
  });

  it('missing fields are validation_failed', async () => {
    const noPassword = await post('/signup', JSON.stringify({ email: newEmail() }));
    expect(noPassword.status).toBe(400);
    expect(noPassword.json).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Signup requires a valid password',
    });
    // Without an address GoTrue reads the request as an anonymous sign-in, which is off.
    const noEmail = await post('/signup', JSON.stringify({ password: 'long enough' }));
    expect(noEmail.status).toBe(422);
    expect(noEmail.json).toMatchObject({
      error_code: 'anonymous_provider_disabled',
      msg: 'Anonymous sign-ins are disabled',
    });
    const anonymous = await createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false },
      realtime: { transport: ws as never },
    }).auth.signInAnonymously();
    expect(anonymous.error?.code).toBe('anonymous_provider_disabled');
    const noLogin = await post('/token?grant_type=password', JSON.stringify({ password: 'x' }));
    expect(noLogin.status).toBe(400);
    expect(noLogin.json).toMatchObject({
      error_code: 'validation_failed',
      msg: 'missing email or phone',
    });
    const noGrant = await post('/token', '{}');
    expect(noGrant.status).toBe(400);
    const noRefresh = await post('/token?grant_type=refresh_token', '{}');
    expect(noRefresh.status).toBe(400);
    expect(noRefresh.json).toMatchObject({ error: 'invalid_request' });
    const noRecover = await post('/recover', '{}');
    expect(noRecover.json).toMatchObject({ error_code: 'validation_failed' });
  });

  it('a weak password is weak_password with its reasons', async () => {
    const res = await post(
      '/signup',
      JSON.stringify({ email: newEmail(), password: '12345' }),
      true,
    );
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    const viaClient = await createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false },
      realtime: { transport: ws as never },
    }).auth.signUp({ email: newEmail(), password: '123' });
    expect(viaClient.error?.name).toBe('AuthWeakPasswordError');
    expect(viaClient.error?.code).toBe('weak_password');
  });

  it('a 1 MB password is refused without being hashed or stored', async () => {
    const email = newEmail();
    const huge = 'x'.repeat(1024 * 1024);
    const tooBig = await post('/signup', JSON.stringify({ email, password: huge }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error_code).toBe('request_entity_too_large');

    // Just under the body limit, the password rule answers.
    const big = await post('/signup', JSON.stringify({ email, password: 'x'.repeat(1_000_000) }));
    expect(big.status).toBe(400);
    expect(big.json).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Password cannot be longer than 72 characters',
    });
    const signIn = await post(
      '/token?grant_type=password',
      JSON.stringify({ email, password: 'x'.repeat(1_000_000) }),
    );
    expect(signIn.status).toBe(400);
    expect(signIn.json.error_code).toBe('invalid_credentials');
    expect(await listMail(stack().mailboxUrl, email)).toHaveLength(0);
  });

  it('SQL in the e-mail address is refused as an invalid address, and the tables survive', async () => {
    for (const email of [
      `x'; drop table auth.users; --@${DOMAIN}`,
      `a@${DOMAIN}'); delete from auth.users; --`,
      `robert@${DOMAIN} OR 1=1`,
    ]) {
      const res = await post('/signup', JSON.stringify({ email, password: 'long enough 1' }));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        error_code: 'validation_failed',
        msg: 'Unable to validate email address: invalid format',
      });
      const signIn = await post(
        '/token?grant_type=password',
        JSON.stringify({ email, password: 'x' }),
      );
      expect(signIn.status).toBe(400);
      expect(signIn.json.error_code).toBe('invalid_credentials');
    }
    expect(await stored()).toBe(0);
    expect(await sentinelThere()).toBe(true);
  });

  it('an invalid address through supabase-js is a 400 validation_failed', async () => {
    const res = await createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false },
      realtime: { transport: ws as never },
    }).auth.signUp({ email: `not-an-email.${DOMAIN}`, password: 'long enough 1' });
    expect(res.error?.status).toBe(400);
    expect(res.error?.code).toBe('validation_failed');
  });

  it('a broken or unknown verify link redirects with the error in the fragment', async () => {
    const res = await fetch(
      `${stack().apiUrl}/auth/v1/verify?token=deadbeef&type=signup&redirect_to=${encodeURIComponent(`${stack().appUrl}/login`)}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${stack().appUrl}/login#`)).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('error_description')).toBe('Email link is invalid or has expired');

    const missing = await fetch(`${stack().apiUrl}/auth/v1/verify?type=signup`, {
      redirect: 'manual',
    });
    expect(missing.status).toBe(400);

    // A redirect to a foreign site falls back to the app.
    const foreign = await fetch(
      `${stack().apiUrl}/auth/v1/verify?token=deadbeef&type=signup&redirect_to=https://evil.example/`,
      { redirect: 'manual' },
    );
    expect(foreign.headers.get('location')?.startsWith(stack().appUrl)).toBe(true);
  });

  it('OAuth sign-in answers that no provider is enabled', async () => {
    const res = await fetch(`${stack().apiUrl}/auth/v1/authorize?provider=github`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    });
  });

  it('unknown endpoints are 404', async () => {
    const res = await post('/nope', '{}');
    expect(res.status).toBe(404);
  });
});
