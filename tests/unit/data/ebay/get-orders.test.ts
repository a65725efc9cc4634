import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const getSession = vi.fn();
vi.mock('../../../../src/lib/supabase', () => ({ supabase: { auth: { getSession } } }));

const {
  ordersStale,
  refreshOrders,
  readOrdersKeepingCopy,
  keptOrdersKey,
  ORDERS_SCHEDULE_MINUTES,
} = await import('../../../../src/data/ebay/get-orders');

const session = { access_token: 'supabase-jwt', user: { id: 'user-1' } };

describe('refreshing the account orders (issue 39)', () => {
  beforeEach(() => {
    localStorage.clear();
    getSession.mockResolvedValue({ data: { session } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the server with the bearer, country and user-id headers; nothing kept on the device', async () => {
    const body = { fetched: true, fetchedAt: '2026-11-28T10:00:00Z', retryAfterSeconds: null };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await refreshOrders('GB')).toEqual(body);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/.netlify/functions/ebay-get-orders');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer supabase-jwt',
      country: 'GB',
      'user-id': 'user-1',
    });
    expect(localStorage.length).toBe(0);
  });

  it('calls orders stale when never fetched or older than the schedule round', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(ordersStale(null, now)).toBe(true);
    expect(ordersStale('2026-11-28T11:59:00Z', now)).toBe(false);
    const old = new Date(now - (ORDERS_SCHEDULE_MINUTES * 60 + 1) * 1000).toISOString();
    expect(ordersStale(old, now)).toBe(true);
  });

  it('keeps the last orders read and shows them, marked, when the next read fails', async () => {
    const account = 'account-1' as Parameters<typeof keptOrdersKey>[0];
    const stored = {
      orders: [
        {
          orderId: '12-34',
          creationDate: '2026-11-27T09:00:00Z',
          buyer: 'buyer1',
          status: 'NOT_STARTED',
          total: { value: '12.50', currency: 'GBP' },
          lineItems: [
            { lineItemId: 'l1', legacyItemId: null, sku: 'MUG-1', title: 'Blue mug', quantity: 2 },
          ],
        },
      ],
      fetchedAt: '2026-11-28T10:00:00Z',
      total: 1,
      more: false,
    };
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(readOrdersKeepingCopy(account, offline)).rejects.toThrow('Failed to fetch');
    expect(await readOrdersKeepingCopy(account, () => Promise.resolve(stored))).toEqual(stored);
    expect(localStorage.getItem(keptOrdersKey(account))).not.toBeNull();
    expect(await readOrdersKeepingCopy(account, offline)).toEqual({ ...stored, fromDevice: true });
    const other = 'account-2' as Parameters<typeof keptOrdersKey>[0];
    await expect(readOrdersKeepingCopy(other, offline)).rejects.toThrow('Failed to fetch');
  });
});
