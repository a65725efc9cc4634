// @vitest-environment node
import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The session as supabase-js would read it from storage, and the screen prefetch it leads to.
const getSession = vi.fn();
const prefetchScreen = vi.fn();
vi.mock('../../../src/lib/supabase-client', () => ({
  loadSupabase: () => Promise.resolve({ auth: { getSession } }),
}));
const hydrateDeviceCache = vi.fn().mockResolvedValue(0);
vi.mock('../../../src/pages/dashboard/prefetch-screen', () => ({ prefetchScreen }));
vi.mock('../../../src/data/offline/device-cache', () => ({ hydrateDeviceCache }));
// The account remembered on the device (none the first time here).
const rememberedAccountId = vi.fn();
vi.mock('../../../src/data/account/remembered-account', () => ({ rememberedAccountId }));

const { prefetchForStoredSession } = await import('../../../src/pages/dashboard/start-early');
const { deviceDbName } = await import('../../../src/data/offline/device-db');
const { accountIdOf, userIdOf } = await import('../../../src/domain/ids');

const token = (claims: Record<string, unknown>) =>
  `x.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.y`;
const session = (aal: 'aal1' | 'aal2', verifiedFactor: boolean) => ({
  access_token: token({ aal, sub: 'seller-1' }),
  user: {
    id: 'seller-1',
    factors: verifiedFactor ? [{ id: 'f', factor_type: 'totp', status: 'verified' }] : [],
  },
});
// The server's answer to my_accounts, through the query client (the account provider's cache).
const fetchQuery = vi.fn();
const queryClient = { fetchQuery } as unknown as QueryClient;
const myAccounts = [
  { accountId: 'account-2', isCurrent: false },
  { accountId: 'account-1', isCurrent: true },
];

describe('prefetchForStoredSession', () => {
  beforeEach(() => {
    getSession.mockReset();
    prefetchScreen.mockReset();
    hydrateDeviceCache.mockClear();
    rememberedAccountId.mockReset().mockReturnValue('account-1');
    fetchQuery.mockReset().mockResolvedValue(myAccounts);
  });

  it("asks for the screen's data of the account remembered on the device", async () => {
    getSession.mockResolvedValue({ data: { session: session('aal1', false) } });
    await prefetchForStoredSession(queryClient, '/dashboard/inventory');
    expect(rememberedAccountId).toHaveBeenCalledWith('seller-1');
    // This browser cannot list its databases (no indexedDB here): not taken for a first visit.
    expect(prefetchScreen).toHaveBeenCalledWith(queryClient, '/dashboard/inventory', 'account-1', {
      firstVisit: false,
    });
    // And the seller's copy on the device goes into the cache before the page renders.
    expect(hydrateDeviceCache).toHaveBeenCalledWith(queryClient, 'account-1');
    expect(fetchQuery).not.toHaveBeenCalled();
  });

  it('the first time on this device, asks the server for the account, never guesses it', async () => {
    rememberedAccountId.mockReturnValue(null);
    getSession.mockResolvedValue({ data: { session: session('aal1', false) } });
    await prefetchForStoredSession(queryClient, '/dashboard/inventory');
    // No copy to put into the cache, and the first render does not wait for the server.
    expect(hydrateDeviceCache).not.toHaveBeenCalled();
    await vi.waitFor(() =>
      expect(prefetchScreen).toHaveBeenCalledWith(
        queryClient,
        '/dashboard/inventory',
        'account-1',
        { firstVisit: false },
      ),
    );
    expect(fetchQuery).toHaveBeenCalledWith(
      expect.objectContaining({ queryKey: ['accounts', 'seller-1'] }),
    );
  });

  it('tells the screen whether the device holds a copy of the account, before opening it', async () => {
    getSession.mockResolvedValue({ data: { session: session('aal1', false) } });
    const names: string[] = [];
    vi.stubGlobal('indexedDB', {
      databases: () => Promise.resolve(names.map((name) => ({ name }))),
    });
    try {
      await prefetchForStoredSession(queryClient, '/dashboard/inventory');
      expect(prefetchScreen).toHaveBeenLastCalledWith(
        queryClient,
        '/dashboard/inventory',
        'account-1',
        {
          firstVisit: true,
        },
      );
      names.push(deviceDbName(accountIdOf('account-1'), userIdOf('seller-1')));
      await prefetchForStoredSession(queryClient, '/dashboard/inventory');
      expect(prefetchScreen).toHaveBeenLastCalledWith(
        queryClient,
        '/dashboard/inventory',
        'account-1',
        {
          firstVisit: false,
        },
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks for no screen data when the server cannot say which account', async () => {
    rememberedAccountId.mockReturnValue(null);
    fetchQuery.mockRejectedValue(new Error('offline'));
    getSession.mockResolvedValue({ data: { session: session('aal1', false) } });
    await prefetchForStoredSession(queryClient, '/dashboard/inventory');
    await Promise.resolve();
    await Promise.resolve();
    expect(prefetchScreen).not.toHaveBeenCalled();
  });

  it('asks for nothing without a session', async () => {
    getSession.mockResolvedValue({ data: { session: null } });
    await prefetchForStoredSession(queryClient, '/dashboard/inventory');
    expect(prefetchScreen).not.toHaveBeenCalled();
    expect(hydrateDeviceCache).not.toHaveBeenCalled();
  });

  it('asks for nothing while the two-factor code is still owed, and once it is given', async () => {
    getSession.mockResolvedValue({ data: { session: session('aal1', true) } });
    await prefetchForStoredSession(queryClient, '/dashboard/inventory');
    expect(prefetchScreen).not.toHaveBeenCalled();
    getSession.mockResolvedValue({ data: { session: session('aal2', true) } });
    await prefetchForStoredSession(queryClient, '/dashboard/inventory');
    expect(prefetchScreen).toHaveBeenCalledOnce();
  });
});
