// Who is calling, and the tokens of signed URLs: HS256 JWTs with the project's secret, as Supabase
// Storage signs them ({url: 'bucket/key', iat, exp}, and for uploads the owner and upsert too).
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { ERRORS } from './errors.ts';

export type Role = 'anon' | 'authenticated' | 'service_role';

export interface Caller {
  role: Role;
  claims: Record<string, unknown>;
  /** auth.uid(): the claims' sub, when it is a user. */
  sub: string | null;
}

const ROLES = new Set<string>(['anon', 'authenticated', 'service_role']);
const key = (secret: string) => new TextEncoder().encode(secret);

/** jsonwebtoken's wording, which Storage passes on in its messages. */
function reason(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'jwt expired';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature';
  return 'jwt malformed';
}

/** The caller a bearer token names; Storage refuses a bad one with 403 AccessDenied. */
export async function callerFrom(token: string, secret: string): Promise<Caller> {
  let claims: Record<string, unknown>;
  try {
    claims = (await jwtVerify(token, key(secret), { algorithms: ['HS256'] })).payload;
  } catch (error) {
    throw ERRORS.accessDenied(reason(error));
  }
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!ROLES.has(role)) throw ERRORS.accessDenied(`role "${role}" does not exist`);
  return { role: role as Role, claims, sub: typeof claims.sub === 'string' ? claims.sub : null };
}

export interface SignedToken {
  url: string;
  owner?: string;
  upsert?: boolean;
  exp: number;
}

export async function signUrlToken(
  secret: string,
  payload: { url: string; owner?: string | undefined; upsert?: boolean },
  expiresInSeconds: number,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresInSeconds)
    .sign(key(secret));
}

/**
 * A signed URL's token for `url` ('bucket/key'): Storage answers InvalidJWT with jsonwebtoken's
 * reason ('jwt expired', 'invalid signature'), and InvalidSignature when it names another object.
 */
export async function verifyUrlToken(
  secret: string,
  token: string | null,
  url: string,
  now = Date.now(),
): Promise<SignedToken> {
  if (!token) throw ERRORS.missingParameter('token');
  let payload: Record<string, unknown>;
  try {
    payload = (
      await jwtVerify(token, key(secret), { algorithms: ['HS256'], currentDate: new Date(now) })
    ).payload;
  } catch (error) {
    throw ERRORS.invalidJwt(reason(error));
  }
  if (payload.url !== url) throw ERRORS.invalidSignature();
  return payload as unknown as SignedToken;
}
