import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toAuthError } from './auth-error';
import type { Credentials } from './sign-in';

/**
 * Where the confirmation e-mail's link lands: the sign-in page of this same site
 * (docs/product.md#sessions).
 */
export function confirmationRedirectUrl(origin: string = window.location.origin): string {
  return `${origin}/login`;
}

export async function signUp({ email, password }: Credentials) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: email.trim(),
    password,
    options: { emailRedirectTo: confirmationRedirectUrl() },
  });
  if (error) throw toAuthError(error);
  return {
    /** False when the project requires e-mail confirmation before the first sign-in. */
    signedIn: data.session !== null,
    email: data.user?.email ?? email.trim(),
  };
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
