import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { getAssuranceLevel } from '../mfa/assurance-level';
import { needsCodeStep, sessionNeedsCodeStep } from '../mfa/assurance';
import { toAuthError } from './auth-error';

export interface Credentials {
  email: string;
  password: string;
}

export async function signInWithPassword({ email, password }: Credentials) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw toAuthError(error);
  // Supabase's recommended check: an account with a verified factor is not signed in until its
  // code is verified (the session is aal1, the account can reach aal2).
  const codeRequired = await getAssuranceLevel().then(needsCodeStep, () =>
    sessionNeedsCodeStep(data.session),
  );
  return { ...data, codeRequired };
}

export type SignInResult = Awaited<ReturnType<typeof signInWithPassword>>;

/**
 * `onSignedIn` is given here rather than to mutate(): the login page unmounts as soon as the
 * session arrives, and React Query drops per-call callbacks of an unmounted component.
 */
export function useSignIn(options: { onSignedIn?: (result: SignInResult) => void } = {}) {
  return useMutation({ mutationFn: signInWithPassword, onSuccess: options.onSignedIn });
}
