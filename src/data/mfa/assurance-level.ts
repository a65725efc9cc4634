import { loadSupabase } from '../../lib/supabase-client';
import { toAuthError } from '../auth/auth-error';
import type { Assurance, AssuranceLevel } from './assurance';

const level = (value: string | null): AssuranceLevel | null =>
  value === 'aal1' || value === 'aal2' ? value : null;

/** The session's assurance level as the auth client reads it (the stored session's token). */
export async function getAssuranceLevel(): Promise<Assurance> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw toAuthError(error);
  return { currentLevel: level(data.currentLevel), nextLevel: level(data.nextLevel) };
}
