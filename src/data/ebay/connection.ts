import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { callEbayFunction } from './ebay-functions';
import { ebayKeys } from './keys';

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
    .select('account_id, expires_at, created_at, refresh_expires_at')
    .maybeSingle();
  if (error) throw toDataError(error);
  return {
    connected: data !== null,
    expiresAt: data?.expires_at ?? null,
    connectedSince: data?.created_at ?? null,
    consentEndsAt: data?.refresh_expires_at ?? null,
  };
}

/** The account's eBay connection as any member may know it: never a token, nor its dates. */
export interface AccountEbayConnection {
  connected: boolean;
  /** The eBay user the owner connected, when eBay said at connect time. */
  ebayUser: string | null;
  connectedAt: string | null;
}

/** Read through public.get_ebay_connection: the token table itself is the owner's alone. */
export async function getAccountConnection(): Promise<AccountEbayConnection> {
  const { data, error } = await supabase.rpc('get_ebay_connection');
  if (error) throw toDataError(error);
  const row = (Array.isArray(data) ? data[0] : data) as
    { connected: boolean; ebay_user: string | null; connected_at: string | null } | undefined;
  return {
    connected: row?.connected === true,
    ebayUser: row?.ebay_user ?? null,
    connectedAt: row?.connected_at ?? null,
  };
}

/** Every member's view of whether (and as whom) the account's owner connected eBay. */
export function useAccountEbayConnection(accountId: AccountId, enabled = true) {
  return useQuery({
    queryKey: ebayKeys.accountConnection(accountId),
    queryFn: getAccountConnection,
    enabled: Boolean(accountId) && enabled,
  });
}

/** eBay's consent page for this seller, carrying `state` back to the callback. */
export async function consentUrl(state: string): Promise<string> {
  const { url } = await callEbayFunction<{ url: string }>(
    `ebay-auth-url?state=${encodeURIComponent(state)}`,
  );
  return url;
}

/** Hands eBay's code to the server, which exchanges and stores the tokens. */
export function completeConnect(code: string) {
  return callEbayFunction<{ connected: true; expires_in: number }>('ebay-auth-callback', {
    method: 'POST',
    body: { code },
  });
}

/** Forgets the seller's eBay tokens on the server. */
export function disconnectEbay() {
  return callEbayFunction<{ connected: false }>('ebay-disconnect', { method: 'POST' });
}

/** Whether the account has eBay tokens; `enabled` false for a role that may not read them. */
export function useEbayConnection(accountId: AccountId, enabled = true) {
  return useQuery({
    queryKey: ebayKeys.connection(accountId),
    queryFn: getConnection,
    enabled: Boolean(accountId) && enabled,
  });
}

/**
 * Finishes the connection with eBay's code (the callback screen); whatever the outcome, the
 * connection is read again.
 */
export function useCompleteConnect(accountId: AccountId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeConnect,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ebayKeys.connection(accountId) }),
        queryClient.invalidateQueries({ queryKey: ebayKeys.accountConnection(accountId) }),
      ]),
  });
}

/** Disconnects; the eBay data on screen belonged to that connection and none of it stays shown. */
export function useDisconnectEbay(accountId: AccountId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectEbay,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ebayKeys.listings(accountId) });
      queryClient.removeQueries({ queryKey: ebayKeys.inventoryPages(accountId) });
      void queryClient.invalidateQueries({ queryKey: ebayKeys.accountConnection(accountId) });
      return queryClient.invalidateQueries({ queryKey: ebayKeys.connection(accountId) });
    },
  });
}
