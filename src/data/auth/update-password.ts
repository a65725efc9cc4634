import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { mfaKeys } from '../mfa/keys';
import { proveWith, type FactorProof } from '../mfa/verify-factor';
import { toAuthError } from './auth-error';
import { NO_USER, type UserId } from '../../domain/ids';

/** Sets a new password; `proof` first raises a password-only session when two-factor is on. */
export async function updatePassword(password: string, proof?: FactorProof): Promise<void> {
  await proveWith(proof);
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw toAuthError(error);
}

/** The new password from a recovery link (the recovery session needs no code). */
export function useUpdatePassword() {
  return useMutation({ mutationFn: (password: string) => updatePassword(password) });
}

/** The signed-in seller's change; the proof may have raised the session, so factors re-read. */
export function useChangePassword(userId: UserId | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ password, proof }: { password: string; proof?: FactorProof }) =>
      updatePassword(password, proof),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: mfaKeys.factors(userId ?? NO_USER) }),
  });
}
