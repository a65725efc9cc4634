import { fetchOrders } from '../lib/ebay-api.ts';
import { ebayFunction } from '../lib/ebay-function.ts';
import { json } from '../lib/http.ts';

/**
 * GET (bearer, country) -> { orders: [{ orderId, creationDate, buyer, status, total,
 * lineItems: [{ lineItemId, legacyItemId, sku, title, quantity }] }] }: the seller's recent
 * orders from the Sell Fulfillment API (eBay's default window, the last 90 days). Elite Seller
 * only (get_ebay_token refuses lower plans); at most once per 2 minutes. Orders are not stored
 * on the server: the SPA keeps the last ones in localStorage for a failed or rate-limited fetch
 * (SPEC 8).
 */
export default ebayFunction({
  name: 'ebay-get-orders',
  purpose: 'orders',
  rateLimit: 'orders',
  async run(ctx) {
    const orders = await ctx.withToken((token) => fetchOrders(ctx.env, token, ctx.marketplace));
    return json({ orders });
  },
});
