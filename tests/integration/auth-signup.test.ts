// Sign-up, e-mail confirmation from the mailbox, and password sign-in through supabase-js.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { stack } from '../helpers/stack.ts';
import { codeIn, followLink, linkIn, listMail, waitForMail } from '../helpers/mailbox.ts';

function anon(flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  return createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: ws as never },
  });
}

const newEmail = () => `${crypto.randomUUID()}@example.test`;
const PASSWORD = 'correct horse 42';

describe('sign-up and sign-in', () => {
  it('signs up without a session, confirms from the mailed link, then signs in', async () => {
    const client = anon();
    const email = newEmail();
    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${stack().appUrl}/login`, data: { plan: 'free' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(email);
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    expect(signUp.data.user?.user_metadata).toMatchObject({ plan: 'free' });
    expect(signUp.data.user?.identities?.[0]?.provider).toBe('email');

    // Before confirming, the password is right but the address is not confirmed.
    const early = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.message).toBe('Email not confirmed');
    expect(early.error?.status).toBe(400);

    const mail = await waitForMail(stack().mailboxUrl, email, 'Confirm your e-mail for Stockroom');
    const followed = await followLink(linkIn(mail));
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith(`${stack().appUrl}/login#`)).toBe(true);
    expect(followed.fragment.get('type')).toBe('signup');
    expect(followed.fragment.get('token_type')).toBe('bearer');
    const accessToken = followed.fragment.get('access_token')!;
    const refreshToken = followed.fragment.get('refresh_token')!;

    // The tokens from the link are a working session.
    const linked = anon();
    const set = await linked.auth.setSession({
      access_token: accessToken,
      refresh_token: refreshToken,
    });
    expect(set.error).toBeNull();
    expect(set.data.user?.email).toBe(email);
    expect(set.data.user?.email_confirmed_at).toBeTruthy();

    // The link is single-use.
    const again = await followLink(linkIn(mail));
    expect(again.fragment.get('error_code')).toBe('otp_expired');
    expect(again.fragment.get('access_token')).toBeNull();

    const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.user.email).toBe(email);
    expect(session.user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      iss: `${stack().apiUrl}/auth/v1`,
      sub: session.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { plan: 'free' },
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);

    const me = await client.auth.getUser();
    expect(me.data.user?.id).toBe(session.user.id);
  });

  it('refuses a wrong password and an unknown address with the same message', async () => {
    const client = anon();
    const email = newEmail();
    await client.auth.signUp({ email, password: PASSWORD });
    const wrong = await client.auth.signInWithPassword({ email, password: 'not the password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.data.session).toBeNull();

    const unknown = await client.auth.signInWithPassword({ email: newEmail(), password: PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.message).toBe('Invalid login credentials');
  });

  it('confirms with the six-digit code from the mail instead of the link', async () => {
    const client = anon();
    const email = newEmail();
    await client.auth.signUp({ email, password: PASSWORD });
    const mail = await waitForMail(stack().mailboxUrl, email, 'Confirm your e-mail for Stockroom');
    const wrong = await client.auth.verifyOtp({ email, token: '000000', type: 'signup' });
    if (codeIn(mail) !== '000000') {
      expect(wrong.error?.code).toBe('otp_expired');
      expect(wrong.error?.status).toBe(403);
    }
    const ok = await client.auth.verifyOtp({ email, token: codeIn(mail), type: 'signup' });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.email).toBe(email);
    expect(ok.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('does not reveal a registered address and does not mail its owner again', async () => {
    const client = anon();
    const email = newEmail();
    await client.auth.signUp({ email, password: PASSWORD });
    const mail = await waitForMail(stack().mailboxUrl, email, 'Confirm your e-mail for Stockroom');
    await followLink(linkIn(mail));

    const again = await client.auth.signUp({ email, password: 'another password' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    expect(await listMail(stack().mailboxUrl, email)).toHaveLength(1);
    // The original password still works; the second sign-up changed nothing.
    const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });

  it('resends the confirmation, but not twice within the send interval', async () => {
    const client = anon();
    const email = newEmail();
    await client.auth.signUp({ email, password: PASSWORD });
    const resend = await client.auth.resend({ type: 'signup', email });
    expect(resend.error?.code).toBe('over_email_send_rate_limit');
    expect(resend.error?.status).toBe(429);
    expect(resend.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    expect(await listMail(stack().mailboxUrl, email)).toHaveLength(1);
  });

  it('sends a magic link that signs an existing user in', async () => {
    const client = anon();
    const email = newEmail();
    await client.auth.signUp({ email, password: PASSWORD });
    await followLink(
      linkIn(await waitForMail(stack().mailboxUrl, email, 'Confirm your e-mail for Stockroom')),
    );

    const otp = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(otp.error).toBeNull();
    const mail = await waitForMail(stack().mailboxUrl, email, 'Your Stockroom sign-in link');
    const followed = await followLink(linkIn(mail));
    expect(followed.fragment.get('type')).toBe('magiclink');
    expect(followed.fragment.get('access_token')).toBeTruthy();

    const noSignup = await client.auth.signInWithOtp({
      email: newEmail(),
      options: { shouldCreateUser: false },
    });
    expect(noSignup.error?.code).toBe('otp_disabled');
  });

  it('with the PKCE flow, the link yields a code only the requesting client can exchange', async () => {
    const client = anon('pkce');
    const email = newEmail();
    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${stack().appUrl}/login` },
    });
    expect(signUp.error).toBeNull();
    const mail = await waitForMail(stack().mailboxUrl, email, 'Confirm your e-mail for Stockroom');
    expect(linkIn(mail)).toContain('token=pkce_');
    const followed = await followLink(linkIn(mail));
    expect(followed.status).toBe(303);
    const target = new URL(followed.location);
    expect(`${target.origin}${target.pathname}`).toBe(`${stack().appUrl}/login`);
    const code = target.searchParams.get('code')!;
    expect(code).toBeTruthy();
    expect(followed.fragment.get('access_token')).toBeNull();

    // Someone else holding the code but not the verifier gets nothing.
    const pkceToken = (body: unknown) =>
      fetch(`${stack().apiUrl}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: stack().anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const thief = await pkceToken({ auth_code: code, code_verifier: 'a'.repeat(64) });
    expect(thief.status).toBe(400);
    expect(await thief.json()).toMatchObject({ error_code: 'bad_code_verifier' });

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
    // A code is single-use.
    const again = await pkceToken({ auth_code: code, code_verifier: 'a'.repeat(64) });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error_code: 'flow_state_not_found' });
  });

  it('reports settings and health', async () => {
    const headers = { apikey: stack().anonKey };
    const settings = await fetch(`${stack().apiUrl}/auth/v1/settings`, { headers });
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
    const health = await fetch(`${stack().apiUrl}/auth/v1/health`, { headers });
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
  });
});
