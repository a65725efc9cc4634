import { bearerToken } from '../lib/auth.ts';
import { logFailure } from '../lib/authed-function.ts';
import { json, methodNotAllowed } from '../lib/http.ts';
import { projectTokenKeys, sessionClaims } from '../lib/session-token.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

/**
 * POST, bearer = the LAST access token of a session that ended without the seller asking
 * -> { reason: 'password_changed' | null } (issue #39; docs/product.md#sessions).
 *
 * The signed-out device sends the token it still holds: only that device has it, so it proves
 * the caller held the session. The token must be signed by Auth (SUPABASE_JWT_SECRET, or the
 * project's JWKS), expired or not, and issued within 30 days. The database (service role,
 * public.session_end_reason) then says 'password_changed' only when that session no longer
 * exists and the user's password changed after the token was issued; anything else, a forged
 * token included, is { reason: null }, so nothing else about any user can be learnt here. The
 * database allows 10 asks an hour per user (429). Tokens are never logged.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed();
  const token = bearerToken(req);
  if (!token) return json({ reason: null });
  try {
    const claims = await sessionClaims(token, projectTokenKeys());
    if (!claims) return json({ reason: null });
    const { data, error } = await supabaseAdmin().rpc('session_end_reason', {
      p_user_id: claims.userId,
      p_session_id: claims.sessionId,
      p_issued_at: claims.issuedAt.toISOString(),
    });
    if (error?.code === 'PT429') return json({ error: error.message, reason: null }, 429);
    if (error) throw new Error(`session_end_reason answered ${error.code ?? error.message}`);
    return json({ reason: data === 'password_changed' ? 'password_changed' : null });
  } catch (error) {
    logFailure('signed-out-reason', error);
    return json({ error: 'The reason could not be read.', reason: null }, 500);
  }
};
