import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toAuthError } from '../auth/auth-error';

/**
 * The second step of signing in: a challenge on the account's verified TOTP factor, answered
 * with the code from the authenticator app. Success raises this session to aal2 (supabase-js
 * stores it and emits MFA_CHALLENGE_VERIFIED, which the auth provider follows).
 */
export async function verifySignInCode(code: string): Promise<void> {
  const supabase = await loadSupabase();
  // Ask the server (listFactors reads the user afresh) rather than the stored session: the
  // factor may have been replaced on another device since this session began.
  const factors = await supabase.auth.mfa.listFactors();
  if (factors.error) throw toAuthError(factors.error);
  const factor = factors.data.totp.find((f) => f.status === 'verified');
  if (!factor) {
    // Two-factor was turned off elsewhere: nothing to prove any more. A refresh brings the
    // stored user up to date, after which the app no longer asks for a code.
    const refreshed = await supabase.auth.refreshSession();
    if (refreshed.error) throw toAuthError(refreshed.error);
    return;
  }
  const challenge = await supabase.auth.mfa.challenge({ factorId: factor.id });
  if (challenge.error) throw toAuthError(challenge.error);
  const verified = await supabase.auth.mfa.verify({
    factorId: factor.id,
    challengeId: challenge.data.id,
    code,
  });
  if (verified.error) throw toAuthError(verified.error);
}

/** `onVerified` at hook level: it must run even though the code step unmounts on success. */
export function useVerifySignInCode(options: { onVerified?: () => void } = {}) {
  return useMutation({ mutationFn: verifySignInCode, onSuccess: options.onVerified });
}
