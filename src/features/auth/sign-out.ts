import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { useAuth } from './auth-context';
import { isIgnorableSignOutError } from './auth-errors';

export async function signOut(): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.signOut();
  if (!error) return;
  if (!isIgnorableSignOutError(error)) throw error;
  // The server had already forgotten us: make sure the browser forgets too.
  await supabase.auth.signOut({ scope: 'local' });
}

export function useSignOut() {
  const { signOutStarted, signOutFailed } = useAuth();
  return useMutation({
    mutationFn: async () => {
      signOutStarted();
      try {
        await signOut();
      } catch (error) {
        signOutFailed();
        throw error;
      }
    },
  });
}
