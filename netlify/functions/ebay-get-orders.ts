import { fetchOrdersPage, PAGE_SIZE, type Order } from '../lib/ebay-api.ts';
import { ebayFunction } from '../lib/ebay-function.ts';
import { budget } from '../lib/ebay-sync.ts';
import { json } from '../lib/http.ts';

/** Orders read at most per request: five eBay pages of 200, newest first. */
const MAX_ORDERS = 1_000;

/**
 * GET (bearer, country) -> { orders: [{ orderId, creationDate, buyer, status, total,
 * lineItems: [{ lineItemId, legacyItemId, sku, title, quantity }] }], total, more }: the
 * seller's recent orders from the Sell Fulfillment API (eBay's default window, the last 90
 * days), 200 a page while the call's time budget lasts, up to 1,000. `total` is eBay's count
 * and `more` says eBay holds orders this answer does not, so the screen can say so. Elite
 * Seller only (get_ebay_token refuses lower plans); at most once per 2 minutes. Orders are not
 * stored on the server: the SPA keeps the last ones in localStorage for a failed or
 * rate-limited fetch (docs/product.md#messages).
 */
export default ebayFunction({
  name: 'ebay-get-orders',
  purpose: 'orders',
  rateLimit: 'orders',
  async run(ctx) {
    const orders: Order[] = [];
    let total: number | null = null;
    let more = true;
    const inBudget = budget();
    while (more && orders.length < MAX_ORDERS && (orders.length === 0 || inBudget())) {
      const page = await ctx.withToken((token) =>
        fetchOrdersPage(ctx.env, token, ctx.marketplace, orders.length),
      );
      orders.push(...page.entries);
      total = page.total;
      more = page.more && page.entries.length === PAGE_SIZE;
    }
    return json({ orders, total: total ?? orders.length, more });
  },
});
