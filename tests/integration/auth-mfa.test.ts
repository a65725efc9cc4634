// TOTP multi-factor authentication: enrol, challenge, verify with a code computed here, and the
// session's assurance level moving from aal1 to aal2.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import ws from 'ws';
import { stack } from '../helpers/stack.ts';
import { totp } from '../helpers/totp.ts';

function client(key = stack().anonKey): SupabaseClient {
  return createClient(stack().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

const PASSWORD = 'mfa password 3';

async function signedIn() {
  const email = `${crypto.randomUUID()}@example.test`;
  const created = await client(stack().serviceRoleKey).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  const c = client();
  expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { c, email };
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    aal: string;
    amr: Array<{ method: string; timestamp: number }>;
  };

describe('TOTP factors', () => {
  it('enrol, challenge and verify raise the session from aal1 to aal2', async () => {
    const { c, email } = await signedIn();
    const before = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('phone app');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain(`otpauth://totp/`);
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(decodeURIComponent(factor.totp.uri)).toContain(email);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    // Usable as an <img src> as it is: nothing in it starts a URL fragment.
    expect(factor.totp.qr_code).not.toContain('#');

    // Unverified factors do not raise the next level yet.
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal1');

    const challenge = await c.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrongCode = totp(factor.totp.secret) === '123456' ? '654321' : '123456';
    const wrong = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: wrongCode,
    });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.status).toBe(422);

    const verified = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: totp(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a) => a.method)).toEqual(['totp', 'password']);

    const after = await c.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await c.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);
    expect(factors.data?.totp[0]?.status).toBe('verified');

    // A challenge is single-use.
    const replay = await c.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: totp(factor.totp.secret),
    });
    expect(replay.error?.status).toBe(422);

    // aal2 survives a refresh.
    const refreshed = await c.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('a new password sign-in starts at aal1 and must pass the factor again', async () => {
    const { c, email } = await signedIn();
    const factor = (await c.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const verified = await c.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totp(factor.totp.secret),
    });
    expect(verified.error).toBeNull();

    const second = client();
    await second.auth.signInWithPassword({ email, password: PASSWORD });
    const aal = await second.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    // At aal1 the password cannot be changed nor the factor removed.
    const update = await second.auth.updateUser({ password: 'another password 4' });
    expect(update.error?.code).toBe('insufficient_aal');
    const remove = await second.auth.mfa.unenroll({ factorId: factor.id });
    expect(remove.error?.code).toBe('insufficient_aal');

    const passed = await second.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: totp(factor.totp.secret),
    });
    expect(passed.error).toBeNull();
    expect((await second.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe(
      'aal2',
    );

    // At aal2 it can be removed, and the session drops back to aal1.
    const removed = await second.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    const afterRefresh = await second.auth.refreshSession();
    expect(claimsOf(afterRefresh.data.session!.access_token).aal).toBe('aal1');
    expect((await second.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('refuses unknown factors and unsupported factor types', async () => {
    const { c } = await signedIn();
    const missing = await c.auth.mfa.challenge({ factorId: crypto.randomUUID() });
    expect(missing.error?.code).toBe('mfa_factor_not_found');
    expect(missing.error?.status).toBe(404);
    const phone = await c.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled');
  });

  it("keeps one user's factors away from another user", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const factor = (await alice.c.auth.mfa.enroll({ factorType: 'totp' })).data!;
    const stolen = await bob.c.auth.mfa.challenge({ factorId: factor.id });
    expect(stolen.error?.code).toBe('mfa_factor_not_found');
  });
});
