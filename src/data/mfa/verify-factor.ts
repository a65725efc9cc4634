import { loadSupabase } from '../../lib/supabase-client';
import { toAuthError } from '../auth/auth-error';

/**
 * Challenges a factor and answers with a code from the authenticator app in one step: confirms
 * a new factor, or raises a password-only session to aal2 before a change that needs it.
 */
export async function verifyFactor(factorId: string, code: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
  if (error) throw toAuthError(error);
}

/** A code proving a password-only session, for the factor it belongs to. */
export interface FactorProof {
  factorId: string;
  code: string;
}

/**
 * With two-factor on, the auth server lets only a session that passed it (aal2) change the
 * password or remove the factor. A session signed in with the password alone first proves it
 * with a code from the app.
 */
export async function proveWith(proof: FactorProof | undefined): Promise<void> {
  if (proof) await verifyFactor(proof.factorId, proof.code);
}
