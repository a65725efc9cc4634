import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { loadSupabase } from '../../lib/supabase-client';
import { settingsKeys } from './keys';

/** Same floor as the auth server's (GoTrue minimum password length). */
export const MIN_PASSWORD_LENGTH = 6;

/** Why a new password cannot be used, or null when it can. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password !== confirmation) return 'The two passwords do not match';
  return null;
}

/**
 * With two-factor on, the auth server lets only a session that passed it (aal2) change the
 * password or remove the factor. A session signed in with the password alone first proves it
 * with a code from the app.
 */
async function proveWithCode(factorId: string, code: string | undefined): Promise<void> {
  if (code === undefined) return;
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
  if (error) throw error;
}

export async function changePassword(args: {
  password: string;
  /** a code from the app, when the session must first pass two-factor */
  code?: string;
  factorId?: string;
}): Promise<void> {
  if (args.factorId) await proveWithCode(args.factorId, args.code);
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password: args.password });
  if (error) throw error;
}

export function useChangePassword() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: settingsKeys.factors(user?.id ?? '') }),
  });
}

export interface TotpFactor {
  id: string;
  friendly_name: string | undefined;
  status: 'verified' | 'unverified';
  created_at: string;
}

export interface SecurityState {
  factors: TotpFactor[];
  /** Two-factor is on but this session has not passed it (signed in with the password alone). */
  needsCode: boolean;
}

export async function getSecurityState(): Promise<SecurityState> {
  const supabase = await loadSupabase();
  const factors = await listTotpFactors();
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return { factors, needsCode: data.currentLevel === 'aal1' && data.nextLevel === 'aal2' };
}

/** The account's TOTP factors (supabase.auth.mfa.listFactors). */
export async function listTotpFactors(): Promise<TotpFactor[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.all
    .filter((factor) => factor.factor_type === 'totp')
    .map((factor) => ({
      id: factor.id,
      friendly_name: factor.friendly_name,
      status: factor.status,
      created_at: factor.created_at,
    }));
}

export function useTotpFactors() {
  const { user } = useAuth();
  return useQuery({
    queryKey: settingsKeys.factors(user?.id ?? ''),
    queryFn: getSecurityState,
    enabled: Boolean(user),
  });
}

export interface TotpEnrolment {
  factorId: string;
  /** data: URI of the QR code for authenticator apps. */
  qrCode: string;
  /** The same secret for typing in by hand. */
  secret: string;
}

export async function enrolTotp(): Promise<TotpEnrolment> {
  const supabase = await loadSupabase();
  // An abandoned enrolment leaves an unverified factor behind; clear those first so the account
  // never hits the factor limit through half-finished attempts.
  const existing = await listTotpFactors();
  for (const factor of existing.filter((f) => f.status === 'unverified')) {
    const removed = await supabase.auth.mfa.unenroll({ factorId: factor.id });
    if (removed.error) throw removed.error;
  }
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: `Authenticator app ${new Date().toISOString().slice(0, 16)}`,
  });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export async function verifyTotp(factorId: string, code: string): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
  if (error) throw error;
}

export async function removeTotp(factorId: string, code?: string): Promise<void> {
  await proveWithCode(factorId, code);
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

function useFactorMutation<A, R>(fn: (args: A) => Promise<R>) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: settingsKeys.factors(user?.id ?? '') }),
  });
}

export function useEnrolTotp() {
  return useFactorMutation<void, TotpEnrolment>(() => enrolTotp());
}

export function useVerifyTotp() {
  return useFactorMutation<{ factorId: string; code: string }, void>(({ factorId, code }) =>
    verifyTotp(factorId, code),
  );
}

export function useRemoveTotp() {
  return useFactorMutation<{ factorId: string; code?: string }, void>(({ factorId, code }) =>
    removeTotp(factorId, code),
  );
}
