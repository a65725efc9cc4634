import { useQuery } from '@tanstack/react-query';

/** Why a session ended without the seller asking: known only for a password change. */
export type SignedOutReason = 'password-changed' | 'unknown';

/**
 * Asks the signed-out-reason function why the session whose last access token this is ended
 * (netlify/functions/signed-out-reason.ts): the token proves this device held it. Any failure
 * (offline, refused, an older server) is an unknown reason, never an error on the sign-in page.
 */
export async function signedOutReason(endedToken: string): Promise<SignedOutReason> {
  try {
    const response = await fetch('/.netlify/functions/signed-out-reason', {
      method: 'POST',
      headers: { authorization: `Bearer ${endedToken}` },
    });
    if (!response.ok) return 'unknown';
    const body = (await response.json()) as { reason?: unknown } | null;
    return body?.reason === 'password_changed' ? 'password-changed' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The reason the session ended, asked once; null while asking, 'unknown' with no token. */
export function useSignedOutReason(endedToken: string | null): SignedOutReason | null {
  const query = useQuery({
    // The token is the question; the key holds only its signature part's tail, not the token.
    queryKey: ['auth', 'signed-out-reason', endedToken?.slice(-16) ?? null],
    queryFn: () => signedOutReason(endedToken!),
    enabled: endedToken !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  return endedToken === null ? 'unknown' : (query.data ?? null);
}
