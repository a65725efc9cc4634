import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({
  auth: { user: { id: 'user-1' } as { id: string } | null, status: 'authenticated' },
  row: { plan_id: 'free', status: 'active' } as { plan_id: string; status: string } | null,
}));

// The account feature's header reaches the data layer, whose client needs the app's env.
vi.mock('../../../../src/lib/supabase', () => ({ supabase: {} }));
vi.mock('../../../../src/lib/supabase-client', () => ({
  loadSupabase: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'token-1' } }, error: null }),
    },
    from: () => ({
      select: () => ({
        eq: () => ({ maybeSingle: async () => ({ data: state.row, error: null }) }),
      }),
    }),
  }),
}));
vi.mock('../../../../src/features/auth', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useAuth: () => state.auth,
}));
// A signed-in seller acts on their own account (whose id is theirs).
vi.mock('../../../../src/features/account', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useAccountId: () => (state.auth.user ? state.auth.user.id : ''),
}));
const leaveFor = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/features/billing/leave-for', () => ({ leaveFor }));

import { AppToaster } from '../../../../src/components/toasts';
import { UpgradeButton } from '../../../../src/features/billing';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  state.auth = { user: { id: 'user-1' }, status: 'authenticated' };
  state.row = { plan_id: 'free', status: 'active' };
  leaveFor.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderButton() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <UpgradeButton planId="growing" />
        <AppToaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('UpgradeButton (pricing page)', () => {
  it('sends visitors to sign up', () => {
    state.auth = { user: null, status: 'unauthenticated' };
    renderButton();
    expect(screen.getByRole('link', { name: 'Sign up to upgrade' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('takes a signed-in Free seller straight to Stripe Checkout', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ sessionUrl: 'https://checkout.example/c/pay/cs_9' })),
    );
    const user = renderButton();
    const button = await screen.findByRole('button', { name: 'Upgrade to Growing Seller' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://checkout.example/c/pay/cs_9'),
    );
  });

  it("shows 'Subscription Error' when checkout cannot start", async () => {
    fetchMock.mockResolvedValue(new Response('not json', { status: 502 }));
    const user = renderButton();
    const button = await screen.findByRole('button', { name: 'Upgrade to Growing Seller' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText('Subscription Error')).toBeInTheDocument();
    expect(screen.getByText('Invalid response from server')).toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('a paying seller changes plan in Settings, where the consequences are explained', async () => {
    state.row = { plan_id: 'power', status: 'active' };
    renderButton();
    expect(await screen.findByRole('link', { name: 'Choose Growing Seller' })).toHaveAttribute(
      'href',
      '/dashboard/settings?tab=subscription',
    );
  });
});
