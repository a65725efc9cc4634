// Sessions: refresh-token rotation and reuse, logout scopes, and what PostgREST accepts.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { stack } from '../helpers/stack.ts';

function client(key = stack().anonKey): SupabaseClient {
  return createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

const PASSWORD = 'session password 7';

/** A confirmed user made through the admin API, so these tests need no mail round trip. */
async function confirmedUser(): Promise<string> {
  const email = `${crypto.randomUUID()}@example.test`;
  const { error } = await client(stack().serviceRoleKey).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  expect(error).toBeNull();
  return email;
}

async function signIn(email: string) {
  const c = client();
  const { data, error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return { client: c, session: data.session! };
}

/** GET /rest/v1/profiles as the bearer of `token`: PostgREST's verdict on our JWTs. */
function rest(token: string) {
  return fetch(`${stack().apiUrl}/rest/v1/profiles?select=id`, {
    headers: { apikey: stack().anonKey, Authorization: `Bearer ${token}` },
  });
}

describe('refresh tokens', () => {
  let email: string;
  beforeAll(async () => {
    email = await confirmedUser();
  });

  it('rotate on every refresh and keep the same session', async () => {
    const { client: c, session } = await signIn(email);
    const first = await c.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const s1 = first.data.session!;
    expect(s1.refresh_token).not.toBe(session.refresh_token);
    const sid = (t: string) =>
      (JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { session_id: string })
        .session_id;
    expect(sid(s1.access_token)).toBe(sid(session.access_token));

    const second = await c.auth.refreshSession({ refresh_token: s1.refresh_token });
    expect(second.error).toBeNull();
    expect(second.data.session!.refresh_token).not.toBe(s1.refresh_token);
  });

  it('hand back the current token when the previous one is replayed within the reuse interval', async () => {
    const { client: c, session } = await signIn(email);
    const rotated = (await c.auth.refreshSession({ refresh_token: session.refresh_token })).data
      .session!;
    // A second tab (or a lost response) presents the old token again straight away.
    const replay = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toBeNull();
    expect(replay.data.session!.refresh_token).toBe(rotated.refresh_token);
    // The session is still alive and rotates on.
    const next = await c.auth.refreshSession({ refresh_token: rotated.refresh_token });
    expect(next.error).toBeNull();
  });

  it('refuse an unknown refresh token', async () => {
    const { error } = await client().auth.refreshSession({ refresh_token: 'not-a-token' });
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
    expect(error?.status).toBe(400);
  });
});

// supabase-js turns GoTrue's 403 session_not_found into AuthSessionMissingError.
describe('logout', () => {
  it('scope local ends only this session', async () => {
    const email = await confirmedUser();
    const a = await signIn(email);
    const b = await signIn(email);
    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await client().auth.getUser(a.session.access_token)).error?.name).toBe(
      'AuthSessionMissingError',
    );
    expect(
      (await client().auth.refreshSession({ refresh_token: a.session.refresh_token })).error?.code,
    ).toBe('refresh_token_not_found');
    expect((await client().auth.getUser(b.session.access_token)).data.user?.email).toBe(email);
  });

  it('scope others ends every other session', async () => {
    const email = await confirmedUser();
    const a = await signIn(email);
    const b = await signIn(email);
    const c = await signIn(email);
    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await client().auth.getUser(a.session.access_token)).data.user?.email).toBe(email);
    for (const other of [b, c]) {
      expect((await client().auth.getUser(other.session.access_token)).error?.name).toBe(
        'AuthSessionMissingError',
      );
    }
  });

  it('scope global (the default) ends all sessions', async () => {
    const email = await confirmedUser();
    const a = await signIn(email);
    const b = await signIn(email);
    expect((await a.client.auth.signOut()).error).toBeNull();
    for (const s of [a, b]) {
      expect((await client().auth.getUser(s.session.access_token)).error?.name).toBe(
        'AuthSessionMissingError',
      );
      const refreshed = await client().auth.refreshSession({
        refresh_token: s.session.refresh_token,
      });
      expect(refreshed.error?.code).toBe('refresh_token_not_found');
    }
  });

  it('rejects an unknown scope', async () => {
    const email = await confirmedUser();
    const { session } = await signIn(email);
    const res = await fetch(`${stack().apiUrl}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, Authorization: `Bearer ${session.access_token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed' });
  });
});

describe('access tokens at PostgREST', () => {
  it('are accepted and identify the user to RLS', async () => {
    const email = await confirmedUser();
    const { session } = await signIn(email);
    const res = await rest(session.access_token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: session.user.id }]);
  });

  it('are refused when tampered with', async () => {
    const email = await confirmedUser();
    const { session } = await signIn(email);
    const [header, payload, signature] = session.access_token.split('.') as [
      string,
      string,
      string,
    ];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString(
      'base64url',
    );
    const res = await rest(`${header}.${forged}.${signature}`);
    expect(res.status).toBe(401);
    // A flipped signature character is refused too.
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect((await rest(`${header}.${payload}.${flipped}`)).status).toBe(401);
    // ...and so is the forged token at the auth server itself.
    const me = await client().auth.getUser(`${header}.${forged}.${signature}`);
    expect(me.error?.code).toBe('bad_jwt');
    expect(me.error?.status).toBe(403);
  });
});
