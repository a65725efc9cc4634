// @vitest-environment node
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessionClaims } from '../../../netlify/lib/session-token.ts';

const SECRET = 'a-project-secret-of-at-least-thirty-two-chars';
const USER = '6f1c1e3a-8a3e-4f39-9d0e-2b7f3c1d9a10';
const SESSION = '0d3f7c52-44a1-4b7e-a2f5-9c6d8e1b2a34';
const NOW = new Date('2026-11-28T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;

function claims(extra: Record<string, unknown> = {}) {
  return {
    sub: USER,
    session_id: SESSION,
    role: 'authenticated',
    iat: nowSeconds - 7200,
    exp: nowSeconds - 3600,
    ...extra,
  };
}

const hs256 = (payload: Record<string, unknown>, secret = SECRET) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));

describe('sessionClaims', () => {
  it('reads an expired token Auth signed, and nothing forged, stale or incomplete', async () => {
    expect(await sessionClaims(await hs256(claims()), { secret: SECRET }, NOW)).toEqual({
      userId: USER,
      sessionId: SESSION,
      issuedAt: new Date((nowSeconds - 7200) * 1000),
    });
    const wrong = await hs256(claims(), 'another-secret-of-at-least-thirty-two-chars');
    expect(await sessionClaims(wrong, { secret: SECRET }, NOW)).toBeNull();
    const old = nowSeconds - 31 * 86_400;
    const stale = await hs256(claims({ iat: old, exp: old + 3600 }));
    expect(await sessionClaims(stale, { secret: SECRET }, NOW)).toBeNull();
    const future = await hs256(claims({ iat: nowSeconds + 600 }));
    expect(await sessionClaims(future, { secret: SECRET }, NOW)).toBeNull();
    for (const missing of [{ session_id: undefined }, { sub: 'x' }, { role: 'anon' }]) {
      expect(await sessionClaims(await hs256(claims(missing)), { secret: SECRET }, NOW)).toBeNull();
    }
    expect(await sessionClaims('not.a.token', { secret: SECRET }, NOW)).toBeNull();
  });

  it('says the secret is missing rather than calling every token forged', async () => {
    await expect(sessionClaims(await hs256(claims()), {}, NOW)).rejects.toThrow(
      'SUPABASE_JWT_SECRET is missing',
    );
  });

  it('reads a token signed with the project’s asymmetric key, from its JWKS', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const jwks = createLocalJWKSet({ keys: [jwk] });
    const token = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'JWT' })
      .sign(privateKey);
    expect((await sessionClaims(token, { jwks }, NOW))?.sessionId).toBe(SESSION);
    const other = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims())
      .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'JWT' })
      .sign(other.privateKey);
    expect(await sessionClaims(forged, { jwks }, NOW)).toBeNull();
  });
});
