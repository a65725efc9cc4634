import { SignJWT, jwtVerify } from 'jose';

// The JWT secret Supabase's CLI uses for local projects. Overridable with JWT_SECRET; the hosted
// project's secret never appears in this repository.
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export type ApiKeyRole = 'anon' | 'service_role';

function secretBytes(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** An API key like the ones `supabase start` prints: a long-lived HS256 JWT carrying only a role. */
export async function signApiKey(role: ApiKeyRole, secret: string): Promise<string> {
  const issuedAt = 1_700_000_000; // fixed, so a stack's keys are the same on every start
  return new SignJWT({ role, iss: 'supabase-demo' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 10 * 365 * 24 * 3600 * 2)
    .sign(secretBytes(secret));
}

/** The role an `apikey` grants, or null when it is not a key signed by this stack. */
export async function apiKeyRole(key: string, secret: string): Promise<ApiKeyRole | null> {
  try {
    const { payload } = await jwtVerify(key, secretBytes(secret), { algorithms: ['HS256'] });
    return payload.role === 'anon' || payload.role === 'service_role' ? payload.role : null;
  } catch {
    return null;
  }
}
