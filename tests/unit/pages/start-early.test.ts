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

const { prefetchForStoredSession } = await import('../../../src/pages/dashboard/start-early');

const token = (claims: Record<string, unknown>) =>
  `x.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.y`;
const session = (aal: 'aal1' | 'aal2', verifiedFactor: boolean) => ({
  access_token: token({ aal, sub: 'seller-1' }),
  user: {
    id: 'seller-1',
    factors: verifiedFactor ? [{ id: 'f', factor_type: 'totp', status: 'verified' }] : [],
  },
});
const queryClient = {} as QueryClient;

describe('prefetchForStoredSession', () => {
  beforeEach(() => {
    getSession.mockReset();
    prefetchScreen.mockReset();
    hydrateDeviceCache.mockClear();
  });

  it("asks for the screen's data for the signed-in seller", async () => {
    getSession.mockResolvedValue({ data: { session: session('aal1', false) } });
    await prefetchForStoredSession(queryClient, '/dashboard/inventory');
    expect(prefetchScreen).toHaveBeenCalledWith(queryClient, '/dashboard/inventory', 'seller-1');
    // And the seller's copy on the device goes into the cache before the page renders.
    expect(hydrateDeviceCache).toHaveBeenCalledWith(queryClient, 'seller-1');
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
