import {
  compactVerify,
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWTVerifyGetKey,
} from 'jose';

/**
 * Reading an access token Auth signed for a session that may have ended since: its signature is
 * checked, its expiry is not (a signed-out device's last token has usually expired), but a token
 * issued more than MAX_TOKEN_AGE_DAYS ago or in the future is refused.
 */

export const MAX_TOKEN_AGE_DAYS = 30;
/** Clocks differ a little between the auth server and the functions. */
const CLOCK_SKEW_SECONDS = 60;

export interface SessionClaims {
  userId: string;
  sessionId: string;
  issuedAt: Date;
}

/**
 * How the project's tokens are verified: the JWT secret (HS256, Supabase's legacy secret and the
 * local stack's) and, for a project on asymmetric signing keys, its JWKS.
 */
export interface TokenKeys {
  secret?: string;
  jwks?: JWTVerifyGetKey;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASYMMETRIC = ['ES256', 'RS256'];

async function verifiedPayload(token: string, keys: TokenKeys): Promise<Uint8Array | null> {
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(token).alg;
  } catch {
    return null;
  }
  if (alg === 'HS256') {
    if (!keys.secret) throw new Error('SUPABASE_JWT_SECRET is missing');
    const secret = new TextEncoder().encode(keys.secret);
    return (await compactVerify(token, secret, { algorithms: ['HS256'] })).payload;
  }
  if (alg && ASYMMETRIC.includes(alg) && keys.jwks) {
    return (await compactVerify(token, keys.jwks, { algorithms: ASYMMETRIC })).payload;
  }
  return null;
}

/** The user, session and issue time of a token Auth signed; null for anything else. */
export async function sessionClaims(
  token: string,
  keys: TokenKeys,
  now: Date = new Date(),
): Promise<SessionClaims | null> {
  let payload: Uint8Array | null;
  try {
    payload = await verifiedPayload(token, keys);
  } catch (error) {
    // A missing secret is the deployment's fault, not the caller's: it must be seen.
    if (error instanceof Error && error.message.includes('SUPABASE_JWT_SECRET')) throw error;
    return null;
  }
  if (!payload) return null;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { sub, session_id: sessionId, iat, role } = claims;
  if (typeof sub !== 'string' || !UUID.test(sub)) return null;
  if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return null;
  if (role !== 'authenticated' || typeof iat !== 'number' || !Number.isFinite(iat)) return null;
  const nowSeconds = now.getTime() / 1000;
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return null;
  if (iat < nowSeconds - MAX_TOKEN_AGE_DAYS * 86_400) return null;
  return { userId: sub, sessionId, issuedAt: new Date(iat * 1000) };
}

const jwksByUrl = new Map<string, JWTVerifyGetKey>();

/** The project's keys from the environment: SUPABASE_JWT_SECRET and Auth's JWKS address. */
export function projectTokenKeys(): TokenKeys {
  const url = process.env.SUPABASE_URL;
  const secret = process.env.SUPABASE_JWT_SECRET?.trim() || undefined;
  if (!url) return { secret };
  const address = `${url.replace(/\/$/, '')}/auth/v1/.well-known/jwks.json`;
  let jwks = jwksByUrl.get(address);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(address));
    jwksByUrl.set(address, jwks);
  }
  return { secret, jwks };
}
