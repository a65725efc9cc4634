import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const getSession = vi.fn();
vi.mock('../../../../src/lib/supabase', () => ({ supabase: { auth: { getSession } } }));

const { getOrders, ordersStorageKey, readCachedOrders } =
  await import('../../../../src/data/ebay/get-orders');
const { accountIdOf } = await import('../../../../src/domain/ids');

// The orders are kept per account; here the seller's own, whose id is theirs.
const account = accountIdOf('user-1');

const session = { access_token: 'supabase-jwt', user: { id: 'user-1' } };
const order = {
  orderId: '26-13000-40000',
  creationDate: '2026-11-21T18:00:00Z',
  buyer: 'thrifty-jo',
  status: 'NOT_STARTED',
  total: { value: '12.00', currency: 'GBP' },
  lineItems: [
    { lineItemId: '1', legacyItemId: '2045', sku: 'SR-0001', title: 'Thing', quantity: 1 },
  ],
};

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe('eBay orders with the browser cache', () => {
  beforeEach(() => {
    localStorage.clear();
    getSession.mockResolvedValue({ data: { session } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches with the bearer, country and user-id headers and keeps a copy', async () => {
    const fetchMock = answer(200, { orders: [order] });
    vi.stubGlobal('fetch', fetchMock);
    const result = await getOrders(account, 'GB');
    expect(result).toMatchObject({ source: 'live', failed: false, orders: [order] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/.netlify/functions/ebay-get-orders');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer supabase-jwt',
      country: 'GB',
      'user-id': 'user-1',
    });
    expect(readCachedOrders(account)?.orders).toEqual([order]);
  });

  it('shows the cached orders when the fetch fails', async () => {
    localStorage.setItem(
      ordersStorageKey(account),
      JSON.stringify({ savedAt: '2026-11-21T00:00:00Z', orders: [order] }),
    );
    vi.stubGlobal(
      'fetch',
      answer(502, { error: 'Failed to sync with eBay', code: 'ebay_unavailable' }),
    );
    const result = await getOrders(account, 'GB');
    expect(result).toMatchObject({
      source: 'cached',
      failed: true,
      orders: [order],
      savedAt: '2026-11-21T00:00:00Z',
    });
  });

  it('shows the cached orders with the minutes left when rate limited', async () => {
    localStorage.setItem(
      ordersStorageKey(account),
      JSON.stringify({ savedAt: null, orders: [order] }),
    );
    vi.stubGlobal(
      'fetch',
      answer(429, { error: 'Please wait 2 minutes…', code: 'rate_limited', minutesRemaining: 2 }),
    );
    expect(await getOrders(account, 'GB')).toMatchObject({
      source: 'cached',
      failed: false,
      rateLimitedMinutes: 2,
    });
  });

  it('a failure with nothing cached is an error; plan refusals are never papered over', async () => {
    vi.stubGlobal('fetch', answer(502, { error: 'Failed to sync with eBay' }));
    await expect(getOrders(account, 'GB')).rejects.toThrow('Failed to sync with eBay');
    localStorage.setItem(ordersStorageKey(account), JSON.stringify({ orders: [order] }));
    vi.stubGlobal(
      'fetch',
      answer(403, {
        error: 'Marketplace orders require the Elite Seller plan',
        code: 'plan_feature_unavailable',
      }),
    );
    await expect(getOrders(account, 'GB')).rejects.toThrow('Elite Seller');
  });

  it('caches per seller and ignores an unreadable copy', () => {
    localStorage.setItem(ordersStorageKey(accountIdOf('user-2')), '{not json');
    expect(readCachedOrders(accountIdOf('user-2'))).toBeNull();
    expect(readCachedOrders(accountIdOf('user-3'))).toBeNull();
  });
});
