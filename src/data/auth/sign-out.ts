import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toAuthError } from './auth-error';

/**
 * 404 (user gone), 401 (token already invalid) and 403 from the logout endpoint all mean the
 * server no longer holds this session: the user is signed out as far as anyone can tell.
 */
export function isIgnorableSignOutError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const status = (error as { status: unknown }).status;
  return status === 401 || status === 403 || status === 404;
}

export async function signOut(): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signOut();
  if (!error) return;
  if (!isIgnorableSignOutError(error)) throw toAuthError(error);
  // The server had already forgotten us: make sure the browser forgets too.
  await supabase.auth.signOut({ scope: 'local' });
}

/**
 * Signs out; `onStarted` runs first (so the screens know the seller chose to leave) and
 * `onFailed` if the sign-out fails.
 */
export function useSignOutMutation({
  onStarted,
  onFailed,
}: {
  onStarted: () => void;
  onFailed: () => void;
}) {
  return useMutation({
    mutationFn: async () => {
      onStarted();
      try {
        await signOut();
      } catch (error) {
        onFailed();
        throw error;
      }
    },
  });
}
