import { loadSupabase } from '../../lib/supabase-client';
import { toAuthError } from '../auth/auth-error';
import { listTotpFactors } from './list-factors';
import { useFactorMutation } from './use-factor-mutation';
import { verifyFactor } from './verify-factor';
import type { UserId } from '../../domain/ids';

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
    if (removed.error) throw toAuthError(removed.error);
  }
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: `Authenticator app ${new Date().toISOString().slice(0, 16)}`,
  });
  if (error) throw toAuthError(error);
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export function useEnrolTotp(userId: UserId | undefined) {
  return useFactorMutation<void, TotpEnrolment>(userId, () => enrolTotp());
}

/** Confirms a new factor with its first code, which turns two-factor on. */
export function useVerifyTotp(userId: UserId | undefined) {
  return useFactorMutation<{ factorId: string; code: string }, void>(userId, ({ factorId, code }) =>
    verifyFactor(factorId, code),
  );
}
