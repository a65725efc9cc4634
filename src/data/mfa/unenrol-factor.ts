import { loadSupabase } from '../../lib/supabase-client';
import { toAuthError } from '../auth/auth-error';
import { useFactorMutation } from './use-factor-mutation';
import { proveWith } from './verify-factor';
import type { UserId } from '../../domain/ids';

/** Removes a factor; a password-only session first proves itself with a code from it. */
export async function removeTotp(factorId: string, code?: string): Promise<void> {
  await proveWith(code === undefined ? undefined : { factorId, code });
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw toAuthError(error);
}

export function useRemoveTotp(userId: UserId | undefined) {
  return useFactorMutation<{ factorId: string; code?: string }, void>(
    userId,
    ({ factorId, code }) => removeTotp(factorId, code),
  );
}
