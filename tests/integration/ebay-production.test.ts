import { afterAll, describe, expect, it } from 'vitest';
import {
  ELITE_ORDER_COUNT,
  SANDBOX_LISTINGS,
  WEBSITE_AUCTIONS,
  WEBSITE_WITHOUT_SKU,
} from '../../local/sandboxes/ebay-catalogue.ts';
import { closeDb, db } from '../helpers/db-users.ts';
import {
  clearRateLimits,
  connectionStats,
  ebaySeller as seller,
  failNext,
  getFunction,
  setSandboxSeller,
  storedTokens,
  syncToEnd,
  type Sync,
} from '../helpers/ebay.ts';
import { stack } from '../helpers/stack.ts';

/**
 * eBay as production behaves (issue 19), each against the sandbox taught that behaviour:
 * website sellers with an empty Inventory API, truncated Trading answers, eBay's own rate
 * limits, the refresh token's expiry, countries without a marketplace, and more than 200 orders.
 * Elite-sized syncs against Netlify's 10 s limit are ebay-elite-sync.test.ts (timed, so run on
 * their own).
 */

afterAll(closeDb);

describe('a seller who lists on the eBay website (Inventory API empty)', () => {
  it('gets their active listings as the inventory, marked as such, with what can be migrated', async () => {
    const s = await seller('free', { kind: 'website' });
    const { body } = await syncToEnd<{
      inventory: Array<{ sku: string; title: string; listingId?: string; listingType?: string }>;
      pagination: { totalItems: number };
      source: string;
      sync?: Sync;
    }>('ebay-get-inventory', '?page=1', s.token);
    expect(body.source).toBe('listings');
    expect(body.pagination.totalItems).toBe(SANDBOX_LISTINGS.length);
    const auction = SANDBOX_LISTINGS[WEBSITE_AUCTIONS[0]!]!;
    expect(body.inventory).toContainEqual(
      expect.objectContaining({ listingId: auction.itemId, listingType: 'Chinese' }),
    );
    const noSku = SANDBOX_LISTINGS[WEBSITE_WITHOUT_SKU[0]!]!;
    expect(body.inventory).toContainEqual(
      expect.objectContaining({ listingId: noSku.itemId, sku: '' }),
    );
    // A later page comes from the stored list, still marked.
    const again = await getFunction<{ source: string }>('ebay-get-inventory?page=1', s.token);
    expect(again.status).toBe(429);
    expect(again.body.source).toBe('listings');
  });
});

describe('GetMyeBaySelling', () => {
  it('asks only for the active list, at a supported compatibility level', async () => {
    const s = await seller('growing');
    await getFunction('ebay-get-listings', s.token);
    const stats = (await connectionStats(s.accountId)) as unknown as {
      lastTrading: { compatibilityLevel: string; detailLevel: string | null; containers: string[] };
    };
    expect(stats.lastTrading.detailLevel).toBeNull();
    expect(stats.lastTrading.containers).toEqual(['ActiveList']);
    // 1193 is long past eBay's support window; the current reference is at 14xx.
    expect(Number(stats.lastTrading.compatibilityLevel)).toBeGreaterThanOrEqual(1423);
  });

  it('a truncated (Ack=Warning) answer removes no listing', async () => {
    const s = await seller('growing');
    const first = await getFunction<{ listings: unknown[] }>('ebay-get-listings', s.token);
    expect(first.body.listings).toHaveLength(SANDBOX_LISTINGS.length);
    await setSandboxSeller(s.accountId, { truncateListings: true });
    await clearRateLimits(s.accountId);
    const { body } = await syncToEnd<{ listings: unknown[]; incomplete?: boolean; sync?: Sync }>(
      'ebay-get-listings',
      '',
      s.token,
    );
    expect(body.incomplete).toBe(true);
    expect(body.listings).toHaveLength(SANDBOX_LISTINGS.length);
    const { data } = await s.client
      .from('ebay_processed_listings')
      .select('listing_id')
      .eq('display', true);
    expect(data).toHaveLength(SANDBOX_LISTINGS.length);
  });
});

describe('eBay items that only production shows', () => {
  it("keeps the refresh token's expiry, which the browser may read (not the token)", async () => {
    const s = await seller('free');
    const { data, error } = await s.client
      .from('ebay_tokens')
      .select('refresh_expires_at')
      .single();
    expect(error).toBeNull();
    const days = (new Date(data!.refresh_expires_at!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(540);
    expect(days).toBeLessThan(550);
  });

  it('an eBay 429 is waited out when Retry-After is short, and otherwise passed on with it', async () => {
    const s = await seller('elite');
    await failNext(s.accountId, 'orders', 429, { retryAfter: 1 });
    const short = await getFunction<{ fetched: boolean }>('ebay-get-orders', s.token);
    expect(short.status).toBe(200);
    expect(short.body.fetched).toBe(true);

    await clearRateLimits(s.accountId);
    await failNext(s.accountId, 'orders', 429, { retryAfter: 300 });
    const long = await getFunction<{ code: string; error: string; retryAfterSeconds: number }>(
      'ebay-get-orders',
      s.token,
    );
    expect(long.status).toBe(429);
    expect(long.headers.get('retry-after')).toBe('300');
    expect(long.body).toMatchObject({ code: 'ebay_rate_limited', retryAfterSeconds: 300 });
    expect(long.body.error).toContain('Try again in 5 minutes');
  });

  it("Trading's call limit (518) keeps the stored listings and says to wait", async () => {
    const s = await seller('growing');
    await getFunction('ebay-get-listings', s.token);
    await clearRateLimits(s.accountId);
    await failNext(s.accountId, 'listings', 429);
    const res = await getFunction<{ code: string; listings: unknown[] }>(
      'ebay-get-listings',
      s.token,
    );
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('ebay_rate_limited');
    expect(res.body.listings).toHaveLength(SANDBOX_LISTINGS.length);
  });

  it('a country without an eBay marketplace is refused with a message, not read as GB', async () => {
    const s = await seller('growing');
    const res = await getFunction<{ code: string; error: string }>('ebay-get-listings', s.token, {
      country: 'NZ',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'no_marketplace',
      country: 'NZ',
      error: 'eBay has no marketplace for NZ. Choose the eBay site you sell on in Settings.',
    });
    expect((await connectionStats(s.accountId)).calls.listings).toBe(0);
  });

  it("orders past 200 are all read, with eBay's total", async () => {
    const s = await seller('elite', { kind: 'elite' });
    const res = await getFunction<{ total: number; more: boolean }>('ebay-get-orders', s.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: ELITE_ORDER_COUNT, more: false });
    const { rows } = await db().query(
      'select count(*)::int as n from public.ebay_orders where account_id = $1',
      [s.accountId],
    );
    expect(rows[0].n).toBe(ELITE_ORDER_COUNT);
  });

  it("the sandbox's orders carry no legacyOrderId and bad paging is eBay's error 31100", async () => {
    const s = await seller('elite');
    const tokens = await storedTokens(s.accountId);
    const base = `${stack().ebayUrl}/sell/fulfillment/v1/order`;
    const headers = { authorization: `Bearer ${tokens!.access_token}` };
    const ok = (await (await fetch(`${base}?limit=5`, { headers })).json()) as {
      orders: Array<Record<string, unknown>>;
    };
    expect(ok.orders[0]).not.toHaveProperty('legacyOrderId');
    const bad = await fetch(`${base}?limit=500`, { headers });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ errorId: 31100 }] });
  });
});
