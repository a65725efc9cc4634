import {
  rateLimitMessage,
  RATE_LIMIT_MINUTES,
  type MarketplaceFetch,
} from '../../src/domain/rate-limit.ts';
import { authedFunction, logFailure } from './authed-function.ts';
import { EbayRateLimitedError, EbayTokenRejectedError } from './ebay-api.ts';
import {
  ebayEnv,
  marketplaceFor,
  noMarketplaceMessage,
  type EbayEnv,
  type Marketplace,
} from './ebay-env.ts';
import { EbayGrantError } from './ebay-oauth.ts';
import {
  deleteTokens,
  loadTokens,
  needsRefresh,
  NoEbayTokenError,
  PlanFeatureError,
  refreshTokens,
  type EbayPurpose,
  type StoredTokens,
} from './ebay-tokens.ts';
import type { AccountId, UserId } from '../../src/domain/ids.ts';
import { json, jsonError } from './http.ts';
import { supabaseAdmin } from './supabase-admin.ts';

/**
 * The frame of the eBay read functions (listings, orders, inventory), with the headers of
 * docs/product.md#ebay:
 * - Authorization: Bearer <the seller's Supabase access token>; the user is the token's, never
 *   the `user-id` header's (a different user-id is refused rather than silently ignored);
 * - `country`: the seller's eBay country, GB when missing; a country without an eBay
 *   marketplace is refused (400 no_marketplace) rather than silently read as GB.
 * Then, in this order: plan and connection (get_ebay_token), the rate limit (hit_rate_limit,
 * recorded only for requests that would reach eBay), a fresh access token, and the call, retried
 * once with a refreshed token if eBay refuses the current one.
 *
 * Errors, always { error } plus a code the SPA can switch on:
 *   401 Not authenticated (Supabase)       403 plan_feature_unavailable (message from SQL)
 *   404 not_connected 'No eBay token found' 401 ebay_auth 'Not authenticated with eBay'
 *   429 rate_limited (the product's text, minutesRemaining, plus cached data when there is some)
 *   429 ebay_rate_limited (eBay itself asked us to wait: its Retry-After, plus cached data)
 *   400 no_marketplace
 *   502 ebay_unavailable 'Failed to sync with eBay'
 * Nothing here logs a token; only error names and statuses.
 */

export const NOT_AUTHENTICATED_WITH_EBAY = 'Not authenticated with eBay';
export const NO_EBAY_TOKEN = 'No eBay token found';
export const SYNC_FAILED = 'Failed to sync with eBay';
/** eBay's own rate limit: no Retry-After means a minute, a guess that never hammers eBay. */
const EBAY_DEFAULT_RETRY_SECONDS = 60;

export function ebayBusyMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `eBay asked Stockroom to slow down. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}; your saved data is shown meanwhile.`;
}

export interface EbayCallContext {
  /** The account acted on: its tokens, its listings, its rate limit. */
  accountId: AccountId;
  env: EbayEnv;
  marketplace: Marketplace;
  req: Request;
  /** Runs an eBay call with a live access token, refreshing and retrying once on refusal. */
  withToken<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
}

export interface EbayFunctionOptions {
  name: string;
  purpose: EbayPurpose;
  rateLimit: MarketplaceFetch;
  /** Whether this request reaches eBay (and so counts against the rate limit). */
  fetchesFromEbay?: (req: Request) => boolean;
  /** Cached data to send with a 429 so the seller still sees something. */
  cached?: (accountId: AccountId, req: Request) => Promise<Record<string, unknown>>;
  run: (ctx: EbayCallContext) => Promise<Response>;
  /** Answers from cache without reaching eBay (e.g. later inventory pages). */
  serveCached?: (accountId: AccountId, req: Request) => Promise<Response | null>;
  /**
   * The answer when the account's rate limit says not yet, instead of the 429 (orders: the
   * stored ones are the account's, so a second device's refresh simply reads them).
   */
  onRateLimited?: (accountId: AccountId, retryAfterSeconds: number) => Promise<Response>;
}

/**
 * Runs eBay calls with the account's access token, refreshing it first when it is about to
 * expire and once more when eBay refuses it; shared by the functions and the schedules.
 */
export function tokenCaller(env: EbayEnv, accountId: AccountId, tokens: StoredTokens) {
  let current = tokens;
  const refresh = async () => {
    current = await refreshTokens(env, accountId, current);
  };
  return async function withToken<T>(call: (accessToken: string) => Promise<T>): Promise<T> {
    if (needsRefresh(current)) await refresh();
    try {
      return await call(current.accessToken);
    } catch (error) {
      if (!(error instanceof EbayTokenRejectedError)) throw error;
      await refresh();
      return call(current.accessToken);
    }
  };
}

export async function hitRateLimit(
  accountId: AccountId,
  what: MarketplaceFetch,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const { data, error } = await supabaseAdmin().rpc('hit_rate_limit', {
    p_account_id: accountId,
    p_endpoint: what,
    p_min_interval_seconds: RATE_LIMIT_MINUTES[what] * 60,
  });
  if (error) throw new Error(`rate limit check failed: ${error.message}`);
  const row = (Array.isArray(data) ? data[0] : data) as
    { allowed: boolean; retry_after_seconds: number } | undefined;
  if (!row || row.allowed) return { allowed: true };
  return { allowed: false, retryAfterSeconds: row.retry_after_seconds };
}

/**
 * The frame of every eBay function, on the signed-in frame (GET, bearer, configuration, 502 for
 * the unforeseen): the seller's marketplace, their stored tokens, the rate limit, a token
 * refreshed and the call retried once when eBay refuses it, and eBay's own refusals as answers
 * the app can act on.
 */
export function ebayFunction(opts: EbayFunctionOptions) {
  return authedFunction<EbayEnv>({
    name: opts.name,
    method: 'GET',
    // Reading the account's marketplace data is every member's: a picker works the orders and
    // places listings. Connecting and disconnecting eBay stay the owner's.
    roles: ['owner', 'manager', 'picker'],
    failure: SYNC_FAILED,
    failureExtra: { code: 'ebay_unavailable' },
    env: ebayEnv,
    run: ({ req, user, account, env }) => runEbayCall(opts, req, user.id, account.id, env),
  });
}

async function runEbayCall(
  opts: EbayFunctionOptions,
  req: Request,
  callerId: UserId,
  accountId: AccountId,
  env: EbayEnv,
): Promise<Response> {
  // The `user-id` header names the person calling (docs/product.md#ebay), not the account acted on.
  const claimed = req.headers.get('user-id');
  if (claimed && claimed !== callerId) return jsonError(403, 'Not authenticated');

  const marketplace = marketplaceFor(req.headers.get('country'));
  if (!marketplace) {
    const country = (req.headers.get('country') ?? '').trim().toUpperCase().slice(0, 8);
    return jsonError(400, noMarketplaceMessage(country), { code: 'no_marketplace', country });
  }

  let tokens: StoredTokens;
  try {
    tokens = await loadTokens(accountId, opts.purpose);
  } catch (error) {
    if (error instanceof NoEbayTokenError)
      return jsonError(404, NO_EBAY_TOKEN, { code: 'not_connected' });
    if (error instanceof PlanFeatureError)
      return jsonError(403, error.message, { code: 'plan_feature_unavailable' });
    logFailure(opts.name, error);
    return jsonError(502, SYNC_FAILED, { code: 'ebay_unavailable' });
  }

  try {
    if (opts.serveCached) {
      const cached = await opts.serveCached(accountId, req);
      if (cached) return cached;
    }
    if (opts.fetchesFromEbay?.(req) ?? true) {
      const limit = await hitRateLimit(accountId, opts.rateLimit);
      if (!limit.allowed && opts.onRateLimited) {
        return await opts.onRateLimited(accountId, limit.retryAfterSeconds);
      }
      if (!limit.allowed) {
        const minutesRemaining = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
        const cached = opts.cached ? await opts.cached(accountId, req) : {};
        return json(
          {
            error: rateLimitMessage(minutesRemaining, opts.rateLimit),
            code: 'rate_limited',
            minutesRemaining,
            retryAfterSeconds: limit.retryAfterSeconds,
            ...cached,
          },
          429,
          { 'retry-after': String(limit.retryAfterSeconds) },
        );
      }
    }

    const ctx: EbayCallContext = {
      accountId,
      env,
      req,
      marketplace,
      withToken: tokenCaller(env, accountId, tokens),
    };
    return await opts.run(ctx);
  } catch (error) {
    if (error instanceof EbayGrantError || error instanceof EbayTokenRejectedError) {
      // The seller's consent is gone (revoked on eBay, or the refresh token expired): forget
      // the dead tokens so the app shows "Connect" again instead of failing every time.
      await deleteTokens(accountId).catch((e: unknown) => logFailure(opts.name, e));
      return jsonError(401, NOT_AUTHENTICATED_WITH_EBAY, { code: 'ebay_auth' });
    }
    if (error instanceof NoEbayTokenError)
      return jsonError(401, NOT_AUTHENTICATED_WITH_EBAY, { code: 'ebay_auth' });
    if (error instanceof EbayRateLimitedError) {
      const seconds = error.retryAfterSeconds ?? EBAY_DEFAULT_RETRY_SECONDS;
      const cached = opts.cached ? await opts.cached(accountId, req).catch(() => ({})) : {};
      return json(
        {
          error: ebayBusyMessage(seconds),
          code: 'ebay_rate_limited',
          minutesRemaining: Math.max(1, Math.ceil(seconds / 60)),
          retryAfterSeconds: seconds,
          ...cached,
        },
        429,
        { 'retry-after': String(seconds) },
      );
    }
    throw error;
  }
}
