import type { Session } from '@supabase/supabase-js';
import { loadSupabase } from '../../lib/supabase-client';
import { toAuthError } from './auth-error';
import { retryWithBackoff } from './retry';

/**
 * supabase-js's own isAuthRetryableFetchError, written out: importing it from the package would
 * put supabase-js in the code every page loads (this module is in the app's first chunk).
 */
function isAuthRetryableFetchError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    '__isAuthError' in error &&
    (error as { name?: unknown }).name === 'AuthRetryableFetchError'
  );
}

let inFlight: Promise<Session | null> | null = null;

/**
 * Refreshes the session now. supabase-js already refreshes before expiry on its own; this is
 * for the moment a request proves the token is stale anyway. Network-type failures are retried
 * (200 ms, 400 ms, 800 ms, …); any other failure means the refresh token is no good, so the
 * local session is removed and the app falls back to signed out.
 */
export function refreshSessionWithRetry(): Promise<Session | null> {
  inFlight ??= (async () => {
    const supabase = await loadSupabase();
    try {
      return await retryWithBackoff(
        async () => {
          const { data, error } = await supabase.auth.refreshSession();
          if (error) throw error;
          return data.session;
        },
        { isRetryable: isAuthRetryableFetchError },
      );
    } catch (error) {
      if (!isAuthRetryableFetchError(error)) await supabase.auth.signOut({ scope: 'local' });
      throw toAuthError(error);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}
