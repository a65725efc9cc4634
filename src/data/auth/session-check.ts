import { loadSupabase } from '../../lib/supabase-client';

/**
 * Auth's answers meaning "this session no longer exists": GoTrue's session_not_found (signed
 * out elsewhere, or ended by a password change on another device), a token it no longer
 * accepts, or a user that is gone. supabase-js turns session_not_found into
 * AuthSessionMissingError, as it does a refresh token that was revoked.
 */
const ENDED_CODES = new Set([
  'session_not_found',
  'bad_jwt',
  'user_not_found',
  'refresh_token_not_found',
]);

// Read by shape, not with supabase-js's helpers: a static import of the package would pull it
// into the landing bundle through the pricing page's upgrade button (see lib/supabase-client).
function sessionIsGone(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, status, code } = error as { name?: unknown; status?: unknown; code?: unknown };
  if (name === 'AuthSessionMissingError') return true;
  if (name !== 'AuthApiError' || (status !== 401 && status !== 403)) return false;
  return typeof code !== 'string' || ENDED_CODES.has(code);
}

let checking: Promise<boolean> | null = null;

/**
 * A call was refused as not signed in (a function's 401): asks Auth once whether the session
 * still exists. If it does not, the browser forgets it too (supabase-js emits SIGNED_OUT, which
 * the app answers with the sign-in page) and this resolves true. A network failure is not
 * taken as the end of the session. Calls made while a check is under way share it.
 */
export function checkSessionAfterRefusal(): Promise<boolean> {
  checking ??= (async () => {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.auth.getUser();
    if (!error && data.user) return false;
    if (error && !sessionIsGone(error)) return false;
    // Already forgotten by getUser when Auth said session_not_found; local scope asks nothing
    // of the server, which has ended the session already.
    if ((await supabase.auth.getSession()).data.session)
      await supabase.auth.signOut({ scope: 'local' });
    return true;
  })()
    .catch(() => false)
    .finally(() => {
      checking = null;
    });
  return checking;
}
