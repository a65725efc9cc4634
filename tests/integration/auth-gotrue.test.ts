// Where our Auth service once differed from Supabase Auth (GoTrue): redirect_to in links,
// generateLink's types, disabled sign-ups, requests without a bearer token, and the features
// we do not offer. Each asserts GoTrue's status, error code and message.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { linkIn, listMail, waitForMail } from '../helpers/mailbox.ts';
import { ownAuth, stopOwnAuths } from '../helpers/own-auth.ts';
import { stack } from '../helpers/stack.ts';

afterAll(stopOwnAuths);

function client(key = stack().anonKey): SupabaseClient {
  return createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}
const admin = () => client(stack().serviceRoleKey);
const newEmail = () => `${crypto.randomUUID()}@example.test`;
const PASSWORD = 'gotrue parity 9';

async function confirmedUser(): Promise<string> {
  const email = newEmail();
  const { error } = await admin().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  expect(error).toBeNull();
  return email;
}

async function signedIn(): Promise<{ c: SupabaseClient; email: string }> {
  const email = await confirmedUser();
  const c = client();
  expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { c, email };
}

/** The raw `redirect_to=` part of a verify link's query. */
const rawRedirect = (link: string) => /[?&]redirect_to=(.*)$/.exec(link)?.[1];

describe('redirect_to in links', () => {
  it('is left as given in a mailed link', async () => {
    const email = await confirmedUser();
    const redirectTo = `${stack().appUrl}/reset-password`;
    expect((await client().auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const link = linkIn(
      await waitForMail(stack().mailboxUrl, email, 'Reset your Stockroom password'),
    );
    expect(rawRedirect(link)).toBe(redirectTo);
  });

  it('is escaped in a generated link when it holds &, = or #', async () => {
    const email = await confirmedUser();
    const plain = `${stack().appUrl}/login`;
    const first = await admin().auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: plain },
    });
    expect(rawRedirect(first.data.properties!.action_link)).toBe(plain);

    const withQuery = `${stack().appUrl}/login?next=/inventory&tab=a b`;
    const second = await admin().auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: withQuery },
    });
    expect(rawRedirect(second.data.properties!.action_link)).toBe(
      encodeURIComponent(withQuery).replace(/%20/g, '+'),
    );
    expect(second.data.properties!.redirect_to).toBe(withQuery);
  });
});

describe('admin.generateLink', () => {
  it('makes an invite link for a new address, sending no mail', async () => {
    const email = newEmail();
    const { data, error } = await admin().auth.admin.generateLink({
      type: 'invite',
      email,
      options: { data: { invited_by: 'ops' } },
    });
    expect(error).toBeNull();
    expect(data.properties?.verification_type).toBe('invite');
    expect(data.properties?.action_link).toContain('&type=invite&');
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.user_metadata).toMatchObject({ invited_by: 'ops' });
    const verified = await client().auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'invite',
    });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    expect(await listMail(stack().mailboxUrl, email)).toHaveLength(0);
  });

  it('refuses an invite for a confirmed address', async () => {
    const email = await confirmedUser();
    const { error } = await admin().auth.admin.generateLink({ type: 'invite', email });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
    expect(error?.message).toBe('A user with this email address has already been registered');
  });

  it('makes both e-mail change links; following both changes the address', async () => {
    const email = await confirmedUser();
    const newAddress = newEmail();
    const current = await admin().auth.admin.generateLink({
      type: 'email_change_current',
      email,
      newEmail: newAddress,
    });
    expect(current.error).toBeNull();
    expect(current.data.properties?.verification_type).toBe('email_change_current');
    const next = await admin().auth.admin.generateLink({
      type: 'email_change_new',
      email,
      newEmail: newAddress,
    });
    expect(next.error).toBeNull();
    expect(next.data.user?.new_email).toBe(newAddress);
    const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
    for (const link of [current.data.properties!.action_link, next.data.properties!.action_link]) {
      expect(new URL(link).searchParams.get('type')).toBe('email_change');
    }

    const half = await client().auth.verifyOtp({
      token_hash: tokenOf(current.data.properties!.action_link),
      type: 'email_change',
    });
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    const done = await client().auth.verifyOtp({
      token_hash: tokenOf(next.data.properties!.action_link),
      type: 'email_change',
    });
    expect(done.error).toBeNull();
    expect(done.data.user?.email).toBe(newAddress);
    expect(await listMail(stack().mailboxUrl, newAddress)).toHaveLength(0);
  });

  it('refuses e-mail change links for an unknown address or a taken new one', async () => {
    const unknown = await admin().auth.admin.generateLink({
      type: 'email_change_new',
      email: newEmail(),
      newEmail: newEmail(),
    });
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.code).toBe('user_not_found');
    expect(unknown.error?.message).toBe('User with this email not found');

    const taken = await admin().auth.admin.generateLink({
      type: 'email_change_new',
      email: await confirmedUser(),
      newEmail: await confirmedUser(),
    });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe('email_exists');
  });

  it('names the type it does not know', async () => {
    const { error } = await admin().auth.admin.generateLink({
      type: 'sms' as never,
      email: await confirmedUser(),
    });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Invalid email action link type requested: sms');
  });
});

describe('sign-ups switched off (DISABLE_SIGNUP)', () => {
  it('say so in /settings and refuse sign-up and passwordless sign-up, not sign-in', async () => {
    const { client: own, url } = await ownAuth({ disableSignup: true });
    const settings = await fetch(`${url}/auth/v1/settings`);
    expect(await settings.json()).toMatchObject({ disable_signup: true });

    const signUp = await own().auth.signUp({ email: newEmail(), password: PASSWORD });
    expect(signUp.error?.status).toBe(422);
    expect(signUp.error?.code).toBe('signup_disabled');
    expect(signUp.error?.message).toBe('Signups not allowed for this instance');

    const otp = await own().auth.signInWithOtp({ email: newEmail() });
    expect(otp.error?.status).toBe(422);
    expect(otp.error?.code).toBe('signup_disabled');

    const email = await confirmedUser();
    expect((await own().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('are on by default', async () => {
    const settings = await fetch(`${stack().apiUrl}/auth/v1/settings`, {
      headers: { apikey: stack().anonKey },
    });
    expect(await settings.json()).toMatchObject({ disable_signup: false });
  });
});

describe('requests without a bearer token', () => {
  it('get GoTrue\'s "requires a valid Bearer token" from user and admin endpoints', async () => {
    for (const [path, key] of [
      ['/user', stack().anonKey],
      ['/factors', stack().anonKey],
      ['/admin/users', stack().serviceRoleKey],
    ] as const) {
      const res = await fetch(`${stack().apiUrl}/auth/v1${path}`, {
        method: path === '/factors' ? 'POST' : 'GET',
        headers: { apikey: key },
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        code: 401,
        error_code: 'no_authorization',
        msg: 'This endpoint requires a valid Bearer token',
      });
    }
  });

  it("still read PostgREST as the key's role, as with the key as bearer", async () => {
    const url = `${stack().apiUrl}/rest/v1/profiles?select=id`;
    const keyOnly = await fetch(url, { headers: { apikey: stack().anonKey } });
    const asBearer = await fetch(url, {
      headers: { apikey: stack().anonKey, Authorization: `Bearer ${stack().anonKey}` },
    });
    expect(keyOnly.status).toBe(asBearer.status);
    expect(await keyOnly.text()).toBe(await asBearer.text());

    const serviceOnly = await fetch(url, { headers: { apikey: stack().serviceRoleKey } });
    expect(serviceOnly.status).toBe(200);
  });
});

describe('features this server does not offer', () => {
  it('SSO', async () => {
    const { error } = await client().auth.signInWithSSO({ domain: 'example.test' });
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('saml_provider_disabled');
    expect(error?.message).toBe('SAML 2.0 is disabled');
  });

  it('identity linking and unlinking', async () => {
    const { c } = await signedIn();
    const linked = await c.auth.linkIdentity({ provider: 'github' });
    expect(linked.error?.status).toBe(404);
    expect(linked.error?.code).toBe('manual_linking_disabled');
    expect(linked.error?.message).toBe('Manual linking is disabled');

    const identity = (await c.auth.getUserIdentities()).data!.identities[0]!;
    const unlinked = await c.auth.unlinkIdentity(identity);
    expect(unlinked.error?.status).toBe(404);
    expect(unlinked.error?.code).toBe('manual_linking_disabled');
  });

  it('id_token sign-in', async () => {
    const { error } = await client().auth.signInWithIdToken({
      provider: 'google',
      token: 'header.payload.signature',
    });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('provider_disabled');
    expect(error?.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
  });

  it('web3 sign-in', async () => {
    const res = await fetch(`${stack().apiUrl}/auth/v1/token?grant_type=web3`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ chain: 'ethereum', message: 'm', signature: 's' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 422,
      error_code: 'web3_provider_disabled',
      msg: 'Web3 provider is disabled',
    });
  });

  it('phone sign-up, sign-in and one-time codes', async () => {
    const signUp = await client().auth.signUp({ phone: '+15555550100', password: PASSWORD });
    expect(signUp.error?.status).toBe(400);
    expect(signUp.error?.code).toBe('phone_provider_disabled');
    expect(signUp.error?.message).toBe('Phone signups are disabled');

    const signIn = await client().auth.signInWithPassword({
      phone: '+15555550100',
      password: PASSWORD,
    });
    expect(signIn.error?.status).toBe(422);
    expect(signIn.error?.code).toBe('phone_provider_disabled');
    expect(signIn.error?.message).toBe('Phone logins are disabled');

    const otp = await client().auth.signInWithOtp({ phone: '+15555550100' });
    expect(otp.error?.status).toBe(400);
    expect(otp.error?.code).toBe('phone_provider_disabled');
    expect(otp.error?.message).toBe('Unsupported phone provider');
  });
});
