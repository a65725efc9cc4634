import { useQuery } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import type { UserId } from '../../domain/ids';

/** Why a session ended without the user asking: known only for a password change. */
export type SignedOutReason = 'password-changed' | 'unknown';

/**
 * Asks the database whether the user's password changed after their ended session's last token
 * was issued (public.signed_out_by_password_change, supabase/schemas/25_users.sql). Any failure
 * (offline, an old server) is an unknown reason, never an error on the sign-in page.
 */
export async function signedOutReason(userId: UserId, since: string): Promise<SignedOutReason> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.rpc('signed_out_by_password_change', {
      p_user_id: userId,
      p_since: since,
    });
    return !error && data === true ? 'password-changed' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The reason for the ended session, asked once; null while asking or with no session given. */
export function useSignedOutReason(
  ended: { userId: UserId; since: string } | null,
): SignedOutReason | null {
  const query = useQuery({
    queryKey: ['auth', 'signed-out-reason', ended?.userId ?? null, ended?.since ?? null],
    queryFn: () => signedOutReason(ended!.userId, ended!.since),
    enabled: ended !== null,
    staleTime: Infinity,
    retry: false,
  });
  return ended === null ? 'unknown' : (query.data ?? null);
}
