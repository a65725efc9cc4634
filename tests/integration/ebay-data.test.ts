import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_LISTINGS, SANDBOX_ORDERS, skuFor } from '../../local/sandboxes/ebay-catalogue.ts';
import { createSeller, type Seller } from '../helpers/billing.ts';
import { closeDb, createStorage, db, setPlan } from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';
import {
  clearRateLimits,
  connectEbay,
  connectionStats,
  ebaySandbox,
  getFunction,
  storedTokens,
} from '../helpers/ebay.ts';

afterAll(closeDb);

interface Listing {
  listing_id: string;
  title: string;
  quantity: number;
  image_url: string | null;
  sku: string | null;
}

interface Pagination {
  page: number;
  totalPages: number;
  totalItems: number;
  itemsPerPage: number;
}

async function connectedSeller(plan: 'free' | 'growing' | 'elite'): Promise<Seller> {
  const seller = await createSeller('ebay-data');
  if (plan !== 'free') await setPlan(seller.accountId, plan);
  const connected = await connectEbay(seller.token);
  expect(connected.status).toBe(200);
  return seller;
}

describe('ebay-get-listings', () => {
  it('returns the active listings, stores them, and the browser can read the shown ones', async () => {
    const seller = await connectedSeller('growing');
    const res = await getFunction<{ listings: Listing[] }>('ebay-get-listings', seller.token, {
      country: 'GB',
      'user-id': seller.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.listings).toHaveLength(SANDBOX_LISTINGS.length);
    const first = SANDBOX_LISTINGS[0]!;
    expect(res.body.listings).toContainEqual(
      expect.objectContaining({
        listing_id: first.itemId,
        title: first.title,
        sku: first.sku,
        quantity: first.quantity,
      }),
    );
    const stats = await connectionStats(seller.accountId);
    expect(stats.lastSiteId).toBe('3'); // eBay UK
    const { data } = await seller.client
      .from('ebay_processed_listings')
      .select('listing_id')
      .eq('display', true);
    expect(data).toHaveLength(SANDBOX_LISTINGS.length);
  });

  it('placing a listing creates the item and keeps the listing hidden after the next fetch', async () => {
    const seller = await connectedSeller('growing');
    await getFunction('ebay-get-listings', seller.token);
    const storage = await createStorage(seller.accountId, { shelves: 2 });
    const listing = SANDBOX_LISTINGS[3]!;
    const placed = await seller.client.rpc('place_listing', {
      p_listing_id: listing.itemId,
      p_shelf_id: storage.shelfIds[1],
    });
    expect(placed.error).toBeNull();
    expect(placed.data).toMatchObject({
      item_name: listing.title,
      sku: listing.sku,
      quantity: listing.quantity,
      shelf_id: storage.shelfIds[1],
    });

    // Twice is refused: the listing is no longer on the list.
    const again = await seller.client.rpc('place_listing', {
      p_listing_id: listing.itemId,
      p_shelf_id: storage.shelfIds[0],
    });
    expect(again.error?.message).toBe('Listing not found');

    await clearRateLimits(seller.accountId);
    const res = await getFunction<{ listings: Listing[] }>('ebay-get-listings', seller.token);
    expect(res.body.listings.map((l) => l.listing_id)).not.toContain(listing.itemId);
    expect(res.body.listings).toHaveLength(SANDBOX_LISTINGS.length - 1);
    const { rows } = await db().query(
      'select count(*)::int as n from public.storage_items where account_id = $1',
      [seller.accountId],
    );
    expect(rows[0].n).toBe(1);
  });

  it("place_listing is all or nothing: a shelf that is not the seller's leaves the listing shown", async () => {
    const seller = await connectedSeller('growing');
    await getFunction('ebay-get-listings', seller.token);
    const other = await createSeller('ebay-data');
    const theirs = await createStorage(other.accountId);
    const listing = SANDBOX_LISTINGS[5]!;
    const res = await seller.client.rpc('place_listing', {
      p_listing_id: listing.itemId,
      p_shelf_id: theirs.shelfIds[0],
    });
    expect(res.error?.message).toBe('Invalid location for item');
    const { data } = await seller.client
      .from('ebay_processed_listings')
      .select('display')
      .eq('listing_id', listing.itemId)
      .single();
    expect(data?.display).toBe(true);
  });

  it('a seller back on Free can no longer place listings (RLS on the listings)', async () => {
    const seller = await connectedSeller('growing');
    await getFunction('ebay-get-listings', seller.token);
    const storage = await createStorage(seller.accountId);
    await setPlan(seller.accountId, 'free');
    const res = await seller.client.rpc('place_listing', {
      p_listing_id: SANDBOX_LISTINGS[0]!.itemId,
      p_shelf_id: storage.shelfIds[0],
    });
    expect(res.error?.message).toBe('Listing not found');
    const { rows } = await db().query(
      'select count(*)::int as n from public.storage_items where account_id = $1',
      [seller.accountId],
    );
    expect(rows[0].n).toBe(0);
  });

  it('is refused below Growing Seller, on the server', async () => {
    const seller = await connectedSeller('free');
    const res = await getFunction('ebay-get-listings', seller.token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'plan_feature_unavailable' });
    expect(String(res.body.error)).toContain('Growing Seller');
    expect((await connectionStats(seller.accountId)).calls.listings).toBe(0);
  });

  it('refuses a user-id header naming someone else, and callers without a session', async () => {
    const seller = await connectedSeller('growing');
    const other = await createSeller('ebay-data');
    expect(
      (await getFunction('ebay-get-listings', seller.token, { 'user-id': other.id })).status,
    ).toBe(403);
    expect((await getFunction('ebay-get-listings', null)).status).toBe(401);
  });
});

describe('rate limits (listings and orders every 2 minutes, inventory every 8)', () => {
  it('a second listings fetch within 2 minutes is 429 with the minutes left and the stored listings', async () => {
    const seller = await connectedSeller('growing');
    expect((await getFunction('ebay-get-listings', seller.token)).status).toBe(200);
    const res = await getFunction<{
      error: string;
      minutesRemaining: number;
      listings: Listing[];
      code: string;
    }>('ebay-get-listings', seller.token);
    expect(res.status).toBe(429);
    expect(res.body.error).toBe(
      'Please wait 2 minutes before fetching listings again. Using cached data',
    );
    expect(res.body.minutesRemaining).toBe(2);
    expect(res.body.listings).toHaveLength(SANDBOX_LISTINGS.length);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(100);
    expect((await connectionStats(seller.accountId)).calls.listings).toBe(1);
  });

  it('counts the minutes left from the recorded last request', async () => {
    const seller = await connectedSeller('growing');
    await db().query(
      `insert into public.api_rate_limits (endpoint, account_id, last_request) values ('inventory', $1, now() - interval '150 seconds')`,
      [seller.accountId],
    );
    const res = await getFunction<{ error: string; minutesRemaining: number }>(
      'ebay-get-inventory?page=1',
      seller.token,
    );
    expect(res.status).toBe(429);
    expect(res.body.minutesRemaining).toBe(6);
    expect(res.body.error).toBe(
      'Please wait 6 minutes before fetching inventory again. Using cached data',
    );
  });
});

describe('ebay-get-inventory', () => {
  it('pages 450 items 200 at a time with one eBay sync', async () => {
    const seller = await connectedSeller('free');
    const pages: Array<{ inventory: Array<{ sku: string }>; pagination: Pagination }> = [];
    for (const page of [1, 2, 3]) {
      const res = await getFunction<{ inventory: Array<{ sku: string }>; pagination: Pagination }>(
        `ebay-get-inventory?page=${page}`,
        seller.token,
        { country: 'DE' },
      );
      expect(res.status).toBe(200);
      pages.push(res.body);
    }
    expect(pages.map((p) => p.pagination)).toEqual([
      { page: 1, totalPages: 3, totalItems: 450, itemsPerPage: 200 },
      { page: 2, totalPages: 3, totalItems: 450, itemsPerPage: 200 },
      { page: 3, totalPages: 3, totalItems: 450, itemsPerPage: 200 },
    ]);
    expect(pages.map((p) => p.inventory.length)).toEqual([200, 200, 50]);
    expect(pages[1]!.inventory[0]!.sku).toBe(skuFor(201));
    expect(pages[2]!.inventory.at(-1)!.sku).toBe(skuFor(450));
    const stats = await connectionStats(seller.accountId);
    expect(stats.calls.inventory).toBe(3); // eBay's own pages of 200 for the one sync
    // eBay's pages 0, 1 and 2, followed by its `next` links (not record offsets 0, 200, 400).
    expect(stats.inventoryOffsets).toEqual([0, 1, 2]);
    expect(stats.lastMarketplaceId).toBe('EBAY_DE');
    const { data } = await seller.client.from('ebay_inventory').select('total_items').single();
    expect(data?.total_items).toBe(450);
    expect((await getFunction('ebay-get-inventory?page=0', seller.token)).status).toBe(400);
  });

  it('is read from a sandbox that pages as eBay documents: offset is the page number', async () => {
    const seller = await connectedSeller('free');
    const token = (await storedTokens(seller.accountId))!.access_token;
    const page = async (query: string) => {
      const res = await fetch(`${stack().ebayUrl}/sell/inventory/v1/inventory_item?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown> & {
        inventoryItems: Array<{ sku: string }>;
      };
    };
    const link = (offset: number) =>
      `${stack().ebayUrl}/sell/inventory/v1/inventory_item?limit=200&offset=${offset}`;
    const second = await page('limit=200&offset=1');
    expect(second.inventoryItems.map((i) => i.sku)).toEqual(
      Array.from({ length: 200 }, (_, i) => skuFor(201 + i)),
    );
    // size is the number of pages, total the number of items (eBay's InventoryItems type).
    expect(second).toMatchObject({
      href: link(1),
      next: link(2),
      prev: link(0),
      size: 3,
      total: 450,
    });
    const last = await page('limit=200&offset=2');
    expect(last.inventoryItems.map((i) => i.sku)).toEqual(
      Array.from({ length: 50 }, (_, i) => skuFor(401 + i)),
    );
    expect(last.next).toBeUndefined();
    expect((await page('limit=25')).inventoryItems).toHaveLength(25); // eBay's default limit
  });

  it('a rate-limited refresh still gets the stored page', async () => {
    const seller = await connectedSeller('free');
    await getFunction('ebay-get-inventory?page=1', seller.token);
    const res = await getFunction<{
      inventory: unknown[];
      pagination: Pagination;
      cached: boolean;
    }>('ebay-get-inventory?page=1', seller.token);
    expect(res.status).toBe(429);
    expect(res.body.inventory).toHaveLength(200);
    expect(res.body.pagination.totalItems).toBe(450);
    expect(res.body.cached).toBe(true);
  });
});

describe('ebay-get-orders', () => {
  it("stores an Elite seller's orders with line items and SKUs for the account", async () => {
    const seller = await connectedSeller('elite');
    const res = await getFunction<{ fetched: boolean; total: number }>(
      'ebay-get-orders',
      seller.token,
      { country: 'GB' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fetched: true, total: SANDBOX_ORDERS.length });
    const { data } = await seller.client
      .from('ebay_orders')
      .select('order_id, buyer, ebay_order_lines(sku, title, position)')
      .order('created_on_ebay', { ascending: false })
      .order('position', { referencedTable: 'ebay_order_lines' });
    expect(data).toHaveLength(SANDBOX_ORDERS.length);
    const first = SANDBOX_ORDERS[0]!;
    const stored = data!.find((o) => o.order_id === first.orderId)!;
    expect(stored).toMatchObject({ buyer: first.buyer });
    expect(stored.ebay_order_lines[0]).toMatchObject({
      sku: first.lineItems[0]!.sku,
      title: first.lineItems[0]!.title,
    });
    expect((await connectionStats(seller.accountId)).lastMarketplaceId).toBe('EBAY_GB');
  });

  it('is refused below Elite Seller on the server, without counting a request', async () => {
    const seller = await connectedSeller('growing');
    const res = await getFunction('ebay-get-orders', seller.token);
    expect(res.status).toBe(403);
    expect(String(res.body.error)).toContain('Elite Seller');
    const { rows } = await db().query(
      'select count(*)::int as n from public.api_rate_limits where account_id = $1',
      [seller.accountId],
    );
    expect(rows[0].n).toBe(0);
  });

  it('an eBay failure is Failed to sync with eBay', async () => {
    const seller = await connectedSeller('elite');
    const tokens = await storedTokens(seller.accountId);
    await ebaySandbox('fail', { token: tokens!.access_token, api: 'orders', status: 503 });
    const res = await getFunction('ebay-get-orders', seller.token);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Failed to sync with eBay', code: 'ebay_unavailable' });
  });

  it('No eBay token found before connecting', async () => {
    const seller = await createSeller('ebay-data');
    await setPlan(seller.accountId, 'elite');
    const res = await getFunction('ebay-get-orders', seller.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('No eBay token found');
  });
});

describe('token refresh', () => {
  it('refreshes an access token about to expire before calling eBay', async () => {
    const seller = await connectedSeller('elite');
    const before = await storedTokens(seller.accountId);
    await db().query(
      `update public.ebay_tokens set expires_at = now() + interval '1 minute' where account_id = $1`,
      [seller.accountId],
    );
    const res = await getFunction('ebay-get-orders', seller.token);
    expect(res.status).toBe(200);
    const after = await storedTokens(seller.accountId);
    expect(after!.access_token).not.toBe(before!.access_token);
    expect(after!.refresh_token).toBe(before!.refresh_token);
    expect(Date.parse(after!.expires_at!)).toBeGreaterThan(Date.now() + 7000_000);
    expect((await connectionStats(seller.accountId)).grants.refresh_token).toBe(1);
  });

  it('refreshes and retries once when eBay says the token expired', async () => {
    const seller = await connectedSeller('growing');
    const before = await storedTokens(seller.accountId);
    await ebaySandbox('expire-access-tokens', { token: before!.access_token });
    const res = await getFunction<{ listings: Listing[] }>('ebay-get-listings', seller.token);
    expect(res.status).toBe(200);
    expect(res.body.listings.length).toBeGreaterThan(0);
    expect((await storedTokens(seller.accountId))!.access_token).not.toBe(before!.access_token);
  });

  it('a revoked consent is Not authenticated with eBay and forgets the dead tokens', async () => {
    const seller = await connectedSeller('free');
    const tokens = await storedTokens(seller.accountId);
    await ebaySandbox('expire-access-tokens', { token: tokens!.access_token });
    await ebaySandbox('revoke-refresh-token', { token: tokens!.refresh_token });
    const res = await getFunction('ebay-get-inventory?page=1', seller.token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Not authenticated with eBay', code: 'ebay_auth' });
    expect(await storedTokens(seller.accountId)).toBeUndefined();
  });

  it('no response of any eBay function carries a token', async () => {
    const seller = await connectedSeller('elite');
    const tokens = await storedTokens(seller.accountId);
    for (const name of ['ebay-get-listings', 'ebay-get-orders', 'ebay-get-inventory?page=1']) {
      const res = await getFunction(name, seller.token);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(tokens!.access_token);
      expect(text).not.toContain(tokens!.refresh_token!);
    }
  });
});
