import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toAuthError } from '../auth/auth-error';
import { getAssuranceLevel } from './assurance-level';
import { mfaKeys } from './keys';
import { NO_USER, type UserId } from '../../domain/ids';

export interface TotpFactor {
  id: string;
  friendly_name: string | undefined;
  status: 'verified' | 'unverified';
  created_at: string;
}

/** The account's TOTP factors, read afresh from the server (supabase.auth.mfa.listFactors). */
export async function listTotpFactors(): Promise<TotpFactor[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw toAuthError(error);
  return data.all
    .filter((factor) => factor.factor_type === 'totp')
    .map((factor) => ({
      id: factor.id,
      friendly_name: factor.friendly_name,
      status: factor.status,
      created_at: factor.created_at,
    }));
}

export interface SecurityState {
  factors: TotpFactor[];
  /** Two-factor is on but this session has not passed it (signed in with the password alone). */
  needsCode: boolean;
}

export async function getSecurityState(): Promise<SecurityState> {
  const factors = await listTotpFactors();
  const level = await getAssuranceLevel();
  return { factors, needsCode: level.currentLevel === 'aal1' && level.nextLevel === 'aal2' };
}

export function securityStateQueryOptions(userId: UserId | undefined) {
  return queryOptions({
    queryKey: mfaKeys.factors(userId ?? NO_USER),
    queryFn: getSecurityState,
    enabled: Boolean(userId),
  });
}

export function useTotpFactors(userId: UserId | undefined) {
  return useQuery(securityStateQueryOptions(userId));
}
