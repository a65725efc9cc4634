import type { EbayEnv } from './ebay-env.ts';
import { refreshAccessToken, type EbayTokenGrant } from './ebay-oauth.ts';
import { supabaseAdmin } from './supabase-admin.ts';
import type { AccountId } from '../../src/domain/ids.ts';

/**
 * The seller's eBay tokens, kept server-side in public.ebay_tokens (the browser cannot read the
 * token columns) and read through public.get_ebay_token, which refuses purposes the seller's
 * plan does not include. Tokens are refreshed a little before they expire so a call in flight
 * never carries one that dies on the way.
 */

export type EbayPurpose = 'listings' | 'orders' | 'inventory';

/** Refresh when less than this is left. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export class NoEbayTokenError extends Error {
  constructor() {
    super('No eBay token found');
    this.name = 'NoEbayTokenError';
  }
}

export class PlanFeatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanFeatureError';
  }
}

export function expiryFrom(grant: EbayTokenGrant, now = Date.now()): Date {
  return new Date(now + grant.expires_in * 1000);
}

/** Stores a grant for the user; a refresh grant (no refresh token) keeps the stored one. */
export async function saveTokens(accountId: AccountId, grant: EbayTokenGrant): Promise<Date> {
  const expiresAt = expiryFrom(grant);
  const row: Record<string, unknown> = {
    account_id: accountId,
    access_token: grant.access_token,
    expires_at: expiresAt.toISOString(),
  };
  if (grant.refresh_token) row.refresh_token = grant.refresh_token;
  // eBay says how long the refresh token lives (about 18 months): kept so the seller can be
  // told before eBay asks for consent again.
  if (grant.refresh_token && grant.refresh_token_expires_in) {
    row.refresh_expires_at = new Date(
      Date.now() + grant.refresh_token_expires_in * 1000,
    ).toISOString();
  }
  const { error } = await supabaseAdmin()
    .from('ebay_tokens')
    .upsert(row, { onConflict: 'account_id' });
  if (error) throw new Error(`Could not store eBay tokens: ${error.message}`);
  return expiresAt;
}

/** The eBay user the owner connected (null: eBay did not say, and an older name goes). */
export async function saveEbayUser(accountId: AccountId, ebayUser: string | null): Promise<void> {
  const { error } = await supabaseAdmin()
    .from('ebay_tokens')
    .update({ ebay_user: ebayUser })
    .eq('account_id', accountId);
  if (error) throw new Error(`Could not store the eBay user: ${error.message}`);
}

export async function deleteTokens(accountId: AccountId): Promise<void> {
  const { error } = await supabaseAdmin().from('ebay_tokens').delete().eq('account_id', accountId);
  if (error) throw new Error(`Could not delete eBay tokens: ${error.message}`);
}

/** The stored tokens if the plan includes the purpose; NoEbayTokenError / PlanFeatureError. */
export async function loadTokens(
  accountId: AccountId,
  purpose: EbayPurpose,
): Promise<StoredTokens> {
  const { data, error } = await supabaseAdmin().rpc('get_ebay_token', {
    p_account_id: accountId,
    p_purpose: purpose,
  });
  if (error) {
    if (error.code === 'PT404') throw new NoEbayTokenError();
    if (error.code === '42501') {
      throw new PlanFeatureError(error.message.replace(/^PLAN_FEATURE_UNAVAILABLE:\s*/, ''));
    }
    throw new Error(`Could not read eBay tokens: ${error.message}`);
  }
  const row = (Array.isArray(data) ? data[0] : data) as
    { access_token: string; refresh_token: string | null; expires_at: string | null } | undefined;
  if (!row) throw new NoEbayTokenError();
  return {
    accessToken: row.access_token,
    refreshToken: row.refresh_token,
    expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  };
}

export function needsRefresh(tokens: StoredTokens, now = Date.now()): boolean {
  return tokens.expiresAt !== null && tokens.expiresAt.getTime() - now < REFRESH_MARGIN_MS;
}

/**
 * A new access token from the refresh token, stored for the user. Throws EbayGrantError when
 * eBay refuses the refresh token (the seller revoked access, or it expired after 18 months).
 */
export async function refreshTokens(
  env: EbayEnv,
  accountId: AccountId,
  tokens: StoredTokens,
): Promise<StoredTokens> {
  if (!tokens.refreshToken) throw new NoEbayTokenError();
  const grant = await refreshAccessToken(env, tokens.refreshToken);
  const expiresAt = await saveTokens(accountId, grant);
  return {
    accessToken: grant.access_token,
    refreshToken: grant.refresh_token ?? tokens.refreshToken,
    expiresAt,
  };
}
