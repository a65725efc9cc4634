import { SignJWT } from 'jose';

/** An access token shaped like the ones Supabase Auth issues, for tests that bypass sign-in. */
export async function signUserToken(
  secret: string,
  userId: string,
  opts: { email?: string; expiresInSeconds?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    role: 'authenticated',
    aud: 'authenticated',
    email: opts.email ?? `${userId}@example.test`,
    aal: 'aal1',
    session_id: crypto.randomUUID(),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expiresInSeconds ?? 3600))
    .sign(new TextEncoder().encode(secret));
}
