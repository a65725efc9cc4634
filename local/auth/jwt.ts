// Access tokens: HS256 JWTs with the claims GoTrue issues, signed with the secret PostgREST
// verifies with, so auth.uid() / auth.jwt() and RLS behave as on hosted Supabase.
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { forbidden } from './errors.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenClaims extends JWTPayload {
  sub?: string;
  email?: string;
  phone?: string;
  role?: string;
  aal?: string;
  amr?: AmrEntry[];
  session_id?: string;
  is_anonymous?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
}

const key = (secret: string) => new TextEncoder().encode(secret);

export async function signAccessToken(secret: string, claims: AccessTokenClaims): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

/** Verifies signature and expiry; GoTrue answers 403 bad_jwt for anything wrong. */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify<AccessTokenClaims>(token, key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    return payload;
  } catch (e) {
    const reason =
      e instanceof joseErrors.JWTExpired
        ? 'token has invalid claims: token is expired'
        : e instanceof joseErrors.JWSSignatureVerificationFailed
          ? 'signature is invalid'
          : 'token is malformed';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}
