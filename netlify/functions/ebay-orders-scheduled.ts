import { EbayRateLimitedError, EbayTokenRejectedError } from '../lib/ebay-api.ts';
import { ebayEnv, marketplaceFor } from '../lib/ebay-env.ts';
import { hitRateLimit, tokenCaller } from '../lib/ebay-function.ts';
import { EbayGrantError } from '../lib/ebay-oauth.ts';
import { fetchAndStoreOrders, SCHEDULE_MINUTES } from '../lib/ebay-orders.ts';
import { budget } from '../lib/ebay-sync.ts';
import {
  deleteTokens,
  loadTokens,
  NoEbayTokenError,
  PlanFeatureError,
} from '../lib/ebay-tokens.ts';
import { scheduledFunction } from '../lib/scheduled.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';
import type { AccountId } from '../../src/domain/ids.ts';

/** A scheduled run may take 30 s on Netlify: start no account after this much. */
const RUN_BUDGET_MS = 20_000;
/** eBay pages one account may start in a run, like an on-demand call. */
const ACCOUNT_BUDGET_MS = 4_000;

/**
 * Every 15 minutes: the orders of each connected Elite Seller account not fetched for 15
 * minutes (on demand or by an earlier run) are fetched into public.ebay_orders, the longest
 * waiting first, within the account's rate limit (api_rate_limits, as on demand). New orders
 * then reach every member's screen by live sync without anyone pressing Refresh. An account
 * that fails is logged and left for the next run; consent eBay withdrew is forgotten, as on
 * demand. Only Netlify's scheduler may run it; locally, POST /_scheduler/ebay-orders-scheduled.
 */
export default scheduledFunction(
  'ebay-orders-scheduled',
  'Fetching eBay orders failed',
  async () => {
    const env = ebayEnv();
    const inRun = budget(RUN_BUDGET_MS);
    const { data, error } = await supabaseAdmin().rpc('ebay_order_accounts_due', {
      p_min_age_seconds: SCHEDULE_MINUTES * 60 - 60,
      p_limit: 50,
    });
    if (error) throw error;
    const fetched: AccountId[] = [];
    const skipped: AccountId[] = [];
    const failed: AccountId[] = [];
    for (const row of data ?? []) {
      const accountId = row.account_id as AccountId;
      if (!inRun()) {
        skipped.push(accountId);
        continue;
      }
      try {
        const marketplace = marketplaceFor(row.ebay_country) ?? marketplaceFor('GB')!;
        const tokens = await loadTokens(accountId, 'orders');
        const limit = await hitRateLimit(accountId, 'orders');
        if (!limit.allowed) {
          skipped.push(accountId);
          continue;
        }
        const withToken = tokenCaller(env, accountId, tokens);
        await fetchAndStoreOrders(
          accountId,
          env,
          marketplace,
          withToken,
          budget(ACCOUNT_BUDGET_MS),
        );
        fetched.push(accountId);
      } catch (error) {
        if (error instanceof NoEbayTokenError || error instanceof PlanFeatureError) {
          skipped.push(accountId);
        } else if (error instanceof EbayRateLimitedError) {
          skipped.push(accountId);
        } else {
          if (error instanceof EbayGrantError || error instanceof EbayTokenRejectedError) {
            await deleteTokens(accountId).catch(() => undefined);
          }
          console.error(`ebay-orders-scheduled: ${(error as Error).name}`);
          failed.push(accountId);
        }
      }
    }
    return { fetched: fetched.length, skipped: skipped.length, failed };
  },
);

export const config = { schedule: '*/15 * * * *' };
