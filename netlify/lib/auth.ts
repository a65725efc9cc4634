import type { User } from '@supabase/supabase-js';
import { jsonError } from './http.ts';
import { supabaseAdmin } from './supabase-admin.ts';

export type AuthResult = { ok: true; user: User } | { ok: false; response: Response };

/** The bearer token of a request, or null. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}

/**
 * Who is calling: the access token is checked by the auth server itself (getUser), so a
 * signed-out, expired, forged or revoked-session token is refused, not just a malformed one.
 * Functions then act only for that user id, never for an id taken from the body.
 */
export async function requireUser(req: Request): Promise<AuthResult> {
  const token = bearerToken(req);
  if (!token) return { ok: false, response: jsonError(401, 'Not authenticated') };
  const { data, error } = await supabaseAdmin().auth.getUser(token);
  if (error || !data.user) return { ok: false, response: jsonError(401, 'Not authenticated') };
  if (!passedTwoFactor(data.user, token)) {
    return {
      ok: false,
      response: jsonError(403, 'Two-factor authentication required', { code: 'insufficient_aal' }),
    };
  }
  return { ok: true, user: data.user };
}

/**
 * Functions act with the service role, past the database's two-factor gate (RLS), so they apply
 * the same rule themselves: an account with a verified factor must call with an aal2 token; a
 * password alone (aal1) must not cancel plans, open the billing portal or delete storage. The
 * token was just accepted by the auth server, so its claims can be read without re-checking.
 */
export function passedTwoFactor(user: Pick<User, 'factors'>, token: string): boolean {
  const hasFactor = (user.factors ?? []).some((factor) => factor.status === 'verified');
  if (!hasFactor) return true;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      aal?: unknown;
    };
    return payload.aal === 'aal2';
  } catch {
    return false;
  }
}
