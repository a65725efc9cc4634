import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';

/**
 * Asks the auth service to mail a password-reset link. The link signs the seller in on the
 * sign-in page with a recovery session, where the app asks for the new password. The service
 * answers the same whether or not the address has an account, so the screen never says which.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}/login`,
  });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
