import { decodeJwt, errors, jwtVerify } from 'jose';

export type Claims = Record<string, unknown> & { role: string; exp: number };

/** The roles a subscriber may act as; RLS decides the rest. */
const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Verifies a channel's token as Supabase Realtime does (HS256 with the project's secret, `role`
 * and `exp` required, not expired) and returns its claims, or the reason Realtime would give.
 */
export async function verifyToken(token: string, secret: Uint8Array): Promise<{ claims: Claims } | { error: string }> {
  let claims: Record<string, unknown>;
  try {
    claims = (await jwtVerify(token, secret, { algorithms: ['HS256'], clockTolerance: 0 })).payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const exp = Number(decodeJwt(token).exp);
      return { error: `InvalidJWTToken: Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago` };
    }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return { error: 'JwtSignatureError: Failed to validate JWT signature' };
    }
    return { error: 'MalformedJWT: The token provided is not a valid JWT' };
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { error: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
  }
  if (!ROLES.has(claims.role)) return { error: `Unauthorized: the role ${claims.role} cannot subscribe` };
  return { claims: claims as Claims };
}

/** Seconds until the token expires (<= 0 once it has). */
export function secondsLeft(claims: Claims): number {
  return claims.exp - Date.now() / 1000;
}
