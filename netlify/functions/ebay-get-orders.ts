import { ebayFunction } from '../lib/ebay-function.ts';
import { fetchAndStoreOrders, storedFetch } from '../lib/ebay-orders.ts';
import { budget } from '../lib/ebay-sync.ts';
import { json } from '../lib/http.ts';

/**
 * GET (bearer, country) -> { fetched, fetchedAt, total, more, retryAfterSeconds }: fetch the
 * ACCOUNT's recent orders from the Sell Fulfillment API (eBay's default window, the last 90
 * days; 200 a page while the call's time budget lasts, up to 1,000) into public.ebay_orders,
 * which every member's device reads (src/data/ebay/get-orders.ts). Any member who may pick can
 * ask; Elite Seller only (get_ebay_token refuses lower plans). The rate limit is the account's:
 * within it (2 minutes since any device's fetch, or the schedule's) eBay is not asked and the
 * answer says `fetched: false` with when the stored orders were fetched, never a 429, since the
 * stored orders are the same ones this call would have fetched.
 */
export default ebayFunction({
  name: 'ebay-get-orders',
  purpose: 'orders',
  rateLimit: 'orders',
  async onRateLimited(accountId, retryAfterSeconds) {
    return json({ fetched: false, ...(await storedFetch(accountId)), retryAfterSeconds });
  },
  async run(ctx) {
    await fetchAndStoreOrders(ctx.accountId, ctx.env, ctx.marketplace, ctx.withToken, budget());
    return json({ fetched: true, ...(await storedFetch(ctx.accountId)), retryAfterSeconds: null });
  },
});
