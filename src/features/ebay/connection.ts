import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { supabase } from '../../lib/supabase';
import { callEbayFunction } from './ebay-functions';
import { ebayKeys } from './keys';
import { createState, rememberState } from './oauth-state';

export interface EbayConnection {
  connected: boolean;
  /** When the current access token expires; the server refreshes it before then. */
  expiresAt: string | null;
  connectedSince: string | null;
  /** When eBay's consent (the refresh token, about 18 months) ends; null if eBay did not say. */
  consentEndsAt: string | null;
}

/** Whether the seller has eBay tokens: the browser may read that they exist, not what they are. */
export async function getConnection(): Promise<EbayConnection> {
  const { data, error } = await supabase
    .from('ebay_tokens')
    .select('user_id, expires_at, created_at, refresh_expires_at')
    .maybeSingle();
  if (error) throw error;
  return {
    connected: data !== null,
    expiresAt: data?.expires_at ?? null,
    connectedSince: data?.created_at ?? null,
    consentEndsAt: data?.refresh_expires_at ?? null,
  };
}

export function useEbayConnection() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ebayKeys.connection(user?.id ?? ''),
    queryFn: getConnection,
    enabled: Boolean(user),
  });
}

/** Sends the seller to eBay's consent page with a fresh state remembered for the callback. */
export async function startConnect(
  navigate: (url: string) => void = (url) => window.location.assign(url),
) {
  const state = createState();
  rememberState(state);
  const { url } = await callEbayFunction<{ url: string }>(
    `ebay-auth-url?state=${encodeURIComponent(state)}`,
  );
  navigate(url);
}

/** Hands eBay's code to the server, which exchanges and stores the tokens. */
export function completeConnect(code: string) {
  return callEbayFunction<{ connected: true; expires_in: number }>('ebay-auth-callback', {
    method: 'POST',
    body: { code },
  });
}

export function useDisconnectEbay() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEbayFunction<{ connected: false }>('ebay-disconnect', { method: 'POST' }),
    onSuccess: () => {
      // The eBay data on screen belonged to that connection: none of it stays shown.
      queryClient.removeQueries({ queryKey: ebayKeys.listings(user?.id ?? '') });
      queryClient.removeQueries({ queryKey: ['ebay', user?.id ?? '', 'inventory'] });
      return queryClient.invalidateQueries({ queryKey: ebayKeys.connection(user?.id ?? '') });
    },
  });
}
