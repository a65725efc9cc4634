// The signed-in user: reading and updating it, changing e-mail and password, and recovering a
// forgotten password from the mailed link.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { followLink, linkIn, listMail, waitForMail } from '../helpers/mailbox.ts';
import { stack } from '../helpers/stack.ts';

function client(key = stack().anonKey): SupabaseClient {
  return createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

const PASSWORD = 'user password 9';
const newEmail = () => `${crypto.randomUUID()}@example.test`;

async function signedIn(data: Record<string, unknown> = {}) {
  const email = newEmail();
  const created = await client(stack().serviceRoleKey).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: data,
  });
  expect(created.error).toBeNull();
  const c = client();
  const { data: signIn, error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { c, email, session: signIn.session! };
}

describe('user', () => {
  it('updates metadata, merging keys and removing nulls', async () => {
    const { c } = await signedIn({ theme: 'dark', currency: 'USD' });
    const { data, error } = await c.auth.updateUser({ data: { currency: 'EUR', theme: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ currency: 'EUR' });
    expect((await c.auth.getUser()).data.user?.user_metadata).toEqual({ currency: 'EUR' });
    // New access tokens carry the new metadata.
    const refreshed = await c.auth.refreshSession();
    const claims = JSON.parse(
      Buffer.from(refreshed.data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    ) as { user_metadata: unknown };
    expect(claims.user_metadata).toEqual({ currency: 'EUR' });
  });

  it('changes the password, signing out the other sessions', async () => {
    const { c, email } = await signedIn();
    const other = client();
    const otherSession = (await other.auth.signInWithPassword({ email, password: PASSWORD })).data
      .session!;

    const same = await c.auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    const weak = await c.auth.updateUser({ password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);

    const changed = await c.auth.updateUser({ password: 'a brand new password' });
    expect(changed.error).toBeNull();
    expect((await c.auth.getUser()).data.user?.email).toBe(email);
    expect((await client().auth.getUser(otherSession.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    );
    // The other device learns it at its next refresh, with GoTrue's code; this one stays in.
    const otherRefresh = await client().auth.refreshSession({
      refresh_token: otherSession.refresh_token,
    });
    expect(otherRefresh.error?.code).toBe('refresh_token_not_found');
    expect((await c.auth.refreshSession()).error).toBeNull();
    const old = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await client().auth.signInWithPassword({
      email,
      password: 'a brand new password',
    });
    expect(fresh.error).toBeNull();
  });

  it('tells only the device that held a session a password change ended why', async () => {
    const { c, email, session: first } = await signedIn();
    const other = (await client().auth.signInWithPassword({ email, password: PASSWORD })).data
      .session!;
    const reason = async (token: string | null) => {
      const response = await fetch(`${stack().appUrl}/.netlify/functions/signed-out-reason`, {
        method: 'POST',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
        string,
        unknown
      >;
    const sign = (payload: Record<string, unknown>, secret = stack().jwtSecret) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret));

    // Before the change: the other device's session is alive, so no reason.
    expect(await reason(other.access_token)).toEqual({ status: 200, body: { reason: null } });

    expect((await c.auth.updateUser({ password: 'a brand new password' })).error).toBeNull();
    const refused = await client().auth.refreshSession({ refresh_token: other.refresh_token });
    expect(refused.error?.code).toBe('refresh_token_not_found');

    // The signed-out device's last token proves it held the ended session: it is told why.
    expect(await reason(other.access_token)).toEqual({
      status: 200,
      body: { reason: 'password_changed' },
    });
    // Even once that token has expired (signed by Auth, expiry ignored).
    const expired = await sign({
      ...claims(other.access_token),
      exp: claims(other.access_token).iat,
    });
    expect((await reason(expired)).body).toEqual({ reason: 'password_changed' });
    // The device that changed it is still signed in: nothing to say.
    expect((await reason(first.access_token)).body).toEqual({ reason: null });
    // A forged token (wrong secret), an unsigned one, none, or one older than 30 days: nothing.
    const forged = await sign(
      claims(other.access_token),
      'not-the-project-secret-0123456789abcdef',
    );
    expect(await reason(forged)).toEqual({ status: 200, body: { reason: null } });
    const [head, body] = other.access_token.split('.');
    expect((await reason(`${head}.${body}.`)).body).toEqual({ reason: null });
    expect((await reason('not a token')).body).toEqual({ reason: null });
    expect((await reason(null)).body).toEqual({ reason: null });
    const old = Math.floor(Date.now() / 1000) - 31 * 86_400;
    const stale = await sign({ ...claims(other.access_token), iat: old, exp: old + 3600 });
    expect((await reason(stale)).body).toEqual({ reason: null });

    // Another user whose session ended by signing out, with no password change: nothing.
    const { c: someone, session: theirs } = await signedIn();
    expect((await someone.auth.signOut()).error).toBeNull();
    expect((await reason(theirs.access_token)).body).toEqual({ reason: null });
    // The changed user's ended session, but another user's id in it (needs the secret): nothing.
    const mixed = await sign({ ...claims(other.access_token), sub: theirs.user.id });
    expect((await reason(mixed)).body).toEqual({ reason: null });
    // Nobody asks for ever: 10 asks an hour per user, then 429 with no reason.
    let status = 200;
    for (let i = 0; i < 10 && status === 200; i += 1)
      status = (await reason(other.access_token)).status;
    expect(await reason(other.access_token)).toMatchObject({ status: 429, body: { reason: null } });
  });

  it('changes the e-mail once both the old and the new address confirm', async () => {
    const { c, email, session } = await signedIn();
    const target = newEmail();
    const { data, error } = await c.auth.updateUser(
      { email: target },
      { emailRedirectTo: `${stack().appUrl}/dashboard/settings` },
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(target);

    const toNew = await waitForMail(stack().mailboxUrl, target, 'Confirm Email Change');
    const toOld = await waitForMail(stack().mailboxUrl, email, 'Confirm Email Change');
    const first = await followLink(linkIn(toNew));
    expect(first.location.startsWith(`${stack().appUrl}/dashboard/settings#`)).toBe(true);
    expect(first.fragment.get('message')).toMatch(/^Confirmation link accepted/);
    expect((await client().auth.getUser(session.access_token)).data.user?.email).toBe(email);

    const second = await followLink(linkIn(toOld));
    expect(second.fragment.get('type')).toBe('email_change');
    expect(second.fragment.get('access_token')).toBeTruthy();
    const after = (await client().auth.getUser(session.access_token)).data.user!;
    expect(after.email).toBe(target);
    expect(after.new_email).toBeUndefined();
    expect(after.identities?.[0]?.identity_data?.email).toBe(target);

    const signIn = await client().auth.signInWithPassword({ email: target, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('refuses an e-mail another account already has', async () => {
    const { c } = await signedIn();
    const { email: taken } = await signedIn();
    const { error } = await c.auth.updateUser({ email: taken });
    expect(error?.code).toBe('email_exists');
    expect(error?.status).toBe(422);
    expect(await listMail(stack().mailboxUrl, taken)).toHaveLength(0);
  });

  it('recovers a forgotten password from the mailed link', async () => {
    const { email } = await signedIn();
    const anon = client();
    const requested = await anon.auth.resetPasswordForEmail(email, {
      redirectTo: `${stack().appUrl}/login`,
    });
    expect(requested.error).toBeNull();
    const mail = await waitForMail(stack().mailboxUrl, email, 'Reset your Stockroom password');
    const followed = await followLink(linkIn(mail));
    expect(followed.location.startsWith(`${stack().appUrl}/login#`)).toBe(true);
    expect(followed.fragment.get('type')).toBe('recovery');

    const recovered = client();
    await recovered.auth.setSession({
      access_token: followed.fragment.get('access_token')!,
      refresh_token: followed.fragment.get('refresh_token')!,
    });
    const updated = await recovered.auth.updateUser({ password: 'recovered password 1' });
    expect(updated.error).toBeNull();
    const signIn = await client().auth.signInWithPassword({
      email,
      password: 'recovered password 1',
    });
    expect(signIn.error).toBeNull();

    // Unknown addresses get the same quiet answer and no mail.
    const unknown = newEmail();
    expect((await anon.auth.resetPasswordForEmail(unknown)).error).toBeNull();
    expect(await listMail(stack().mailboxUrl, unknown)).toHaveLength(0);
  });

  it('sends a reauthentication code to a signed-in user', async () => {
    const { c, email } = await signedIn();
    expect((await c.auth.reauthenticate()).error).toBeNull();
    const mail = await waitForMail(stack().mailboxUrl, email, 'Confirm reauthentication');
    expect(mail.text).toMatch(/\b\d{6}\b/);
  });

  it('refuses user endpoints without a user token', async () => {
    const res = await fetch(`${stack().apiUrl}/auth/v1/user`, {
      headers: { apikey: stack().anonKey, 'X-Supabase-Api-Version': '2024-01-01' },
    });
    // GoTrue's answer: the apikey is not a bearer token, and the gateway does not make it one.
    expect(res.status).toBe(401);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });
});
