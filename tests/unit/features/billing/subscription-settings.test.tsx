import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface Row {
  id: string;
  account_id: string;
  plan_id: string;
  status: string;
  cancel_at: string | null;
  target_plan_id: string | null;
  overdue_date: string | null;
  deadline_date: string | null;
}

const db = vi.hoisted(() => ({
  row: null as Row | null,
  counts: { storage_items: 0, storage_units: 0, storage_rooms: 0 } as Record<string, number>,
}));

// The account feature's header reaches the data layer, whose client needs the app's env.
vi.mock('../../../../src/lib/supabase', () => ({ supabase: {} }));
vi.mock('../../../../src/lib/supabase-client', () => ({
  loadSupabase: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'token-1' } }, error: null }),
    },
    from: (table: string) => ({
      select: () => ({
        eq: () => ({
          maybeSingle: async () => ({ data: db.row, error: null }),
          then: (resolve: (value: unknown) => void) =>
            resolve({ count: db.counts[table] ?? 0, error: null }),
        }),
      }),
    }),
  }),
}));

vi.mock('../../../../src/features/auth', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useAuth: () => ({
    user: { id: 'user-1', email: 'seller@example.test' },
    status: 'authenticated',
  }),
}));

// The seller acts on their own account (whose id is theirs).
vi.mock('../../../../src/features/account', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useAccountId: () => 'user-1',
}));

const leaveFor = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/features/billing/leave-for', () => ({ leaveFor }));

import { ProcessingOverlayProvider } from '../../../../src/components/processing-overlay';
import { AppToaster } from '../../../../src/components/toasts';
import { SubscriptionSettings } from '../../../../src/features/billing';

type Handler = (body: Record<string, unknown>) => { status: number; body: unknown };
let functions: Record<string, Handler> = {};
const calls: Array<{ name: string; body: Record<string, unknown> }> = [];

beforeEach(() => {
  functions = {};
  calls.length = 0;
  leaveFor.mockReset();
  db.counts = { storage_items: 12, storage_units: 2, storage_rooms: 1 };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const name = url.replace('/.netlify/functions/', '');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ name, body });
    const handler = functions[name];
    const answer = handler ? handler(body) : { status: 500, body: { error: 'not stubbed' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

function row(patch: Partial<Row>): Row {
  return {
    id: 'sub-row',
    account_id: 'account-1',
    plan_id: 'free',
    status: 'active',
    cancel_at: null,
    target_plan_id: null,
    overdue_date: null,
    deadline_date: null,
    ...patch,
  };
}

function renderSettings(search = '?tab=subscription') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/dashboard/settings${search}`]}>
        <ProcessingOverlayProvider>
          <SubscriptionSettings />
          <AppToaster />
        </ProcessingOverlayProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function toast(title: string) {
  // Longer than the checkout poll (1 s): a toast that follows a poll must not race the default.
  const titles = await screen.findAllByText(
    title,
    { selector: '[data-testid="toast-title"]' },
    { timeout: 3000 },
  );
  return titles.at(-1)!.closest('[data-testid="toast"]') as HTMLElement;
}

describe('SubscriptionSettings', () => {
  it('shows the plan, its status and usage against its limits; a Free seller upgrades via checkout', async () => {
    db.row = row({});
    functions['create-checkout-session'] = () => ({
      status: 200,
      body: { sessionUrl: 'https://checkout.example/c/pay/cs_1' },
    });
    const user = renderSettings();
    expect(await screen.findByTestId('billing-current-plan')).toHaveTextContent('Free');
    expect(screen.getByTestId('billing-status')).toHaveTextContent('Active');
    expect(await screen.findByTestId('usage-items-count')).toHaveTextContent('12 of 100');
    expect(screen.getByTestId('usage-rooms-count')).toHaveTextContent('1 of 1');
    expect(screen.queryByTestId('manage-billing')).toBeNull();
    // Each plan card says its price and its seats (issue #39 point 13).
    const growing = screen.getByTestId('billing-plan-growing');
    expect(within(growing).getByTestId('plan-price-growing')).toBeInTheDocument();
    expect(within(growing).getByTestId('plan-seats-growing')).toHaveTextContent(
      '2 (owner included)',
    );
    expect(screen.getByTestId('plan-price-free')).toHaveTextContent('No charge');
    expect(screen.getByTestId('plan-seats-elite')).toHaveTextContent('10 (owner included)');

    await user.click(screen.getByRole('button', { name: 'Upgrade to Growing Seller' }));
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://checkout.example/c/pay/cs_1'),
    );
    expect(calls[0]).toMatchObject({
      name: 'create-checkout-session',
      body: { planId: 'growing' },
    });
  });

  it("a checkout that cannot start shows 'Subscription Error'; a refused plan 'Invalid Plan'", async () => {
    db.row = row({});
    functions['create-checkout-session'] = () => ({
      status: 502,
      body: { error: 'Failed to create checkout session' },
    });
    const user = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Power Seller' }));
    expect(await toast('Subscription Error')).toHaveTextContent(
      'Failed to create checkout session',
    );

    functions['create-checkout-session'] = () => ({ status: 400, body: { error: 'Invalid Plan' } });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Elite Seller' }));
    expect(await toast('Invalid Plan')).toBeInTheDocument();
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('cancelling asks first, then says when the plan ends', async () => {
    db.row = row({ plan_id: 'power' });
    functions['cancel-subscription'] = () => {
      db.row = row({ plan_id: 'power', cancel_at: '2026-12-22T00:00:00Z', target_plan_id: 'free' });
      return {
        status: 200,
        body: {
          planId: 'power',
          status: 'active',
          cancelAt: '2026-12-22T00:00:00Z',
          targetPlanId: 'free',
        },
      };
    };
    const user = renderSettings();
    await user.click(await screen.findByTestId('cancel-subscription'));
    const dialog = screen.getByTestId('cancel-subscription-dialog');
    expect(dialog).toHaveTextContent('stays active until the end of the current billing period');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(await toast('Plan Changed')).toHaveTextContent(
      'Your Power Seller plan ends on December 22, 2026',
    );
    expect(await screen.findByTestId('billing-cancel-scheduled')).toHaveTextContent(
      'Your Power Seller plan ends on December 22, 2026',
    );
    expect(screen.queryByTestId('cancel-subscription-dialog')).toBeNull();
  });

  it("a failed cancellation shows 'Cancel Error'", async () => {
    db.row = row({ plan_id: 'growing' });
    functions['cancel-subscription'] = () => ({
      status: 502,
      body: { error: 'Failed to cancel subscription' },
    });
    const user = renderSettings();
    await user.click(await screen.findByTestId('cancel-subscription'));
    await user.click(screen.getByTestId('cancel-subscription-confirm'));
    expect(await toast('Cancel Error')).toHaveTextContent('Failed to cancel subscription');
  });

  it("reactivation failures show 'Reactivation Error'", async () => {
    db.row = row({ plan_id: 'growing', cancel_at: '2026-12-22T00:00:00Z', target_plan_id: 'free' });
    functions['change-subscription-plan'] = () => ({
      status: 502,
      body: { error: 'Failed to update subscription' },
    });
    const user = renderSettings();
    await user.click(await screen.findByTestId('reactivate-subscription'));
    expect(await toast('Reactivation Error')).toHaveTextContent('Failed to update subscription');
    expect(calls.at(-1)).toEqual({
      name: 'change-subscription-plan',
      body: { newPlanId: 'growing' },
    });
  });

  it("a plan change is confirmed first; a declined card shows 'Update Error' with the reason", async () => {
    db.row = row({ plan_id: 'growing' });
    functions['change-subscription-plan'] = () => ({
      status: 402,
      body: { error: 'Failed to update subscription', detail: 'Your card was declined.' },
    });
    const user = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Elite Seller' }));
    const dialog = screen.getByTestId('plan-change-dialog');
    expect(dialog).toHaveTextContent('charged to your card');
    await user.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await toast('Update Error')).toHaveTextContent(
      'Failed to process subscription updates: Your card was declined.',
    );
  });

  it("Manage Billing opens Stripe's portal, or shows 'Billing Portal Error'", async () => {
    db.row = row({ plan_id: 'growing' });
    functions['create-billing-portal-session'] = () => ({
      status: 200,
      body: { url: 'https://billing.example/p/1' },
    });
    const user = renderSettings();
    await user.click(await screen.findByTestId('manage-billing'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://billing.example/p/1'));

    functions['create-billing-portal-session'] = () => ({
      status: 502,
      body: { error: 'Failed to open the billing portal' },
    });
    await user.click(screen.getByTestId('manage-billing'));
    expect(await toast('Billing Portal Error')).toHaveTextContent(
      'Failed to open the billing portal',
    );
  });

  it('while overdue it says what to do by when, and other plans wait', async () => {
    db.row = row({ plan_id: 'power', status: 'past_due', deadline_date: '2026-12-01T00:00:00Z' });
    renderSettings();
    expect(await screen.findByTestId('billing-overdue')).toHaveTextContent(
      'Update your card under Manage Billing before December 1, 2026',
    );
    expect(screen.getByTestId('billing-status')).toHaveTextContent('Payment overdue');
    expect(screen.getByTestId('choose-plan-elite')).toBeDisabled();
    expect(screen.getByTestId('manage-billing')).toBeEnabled();
  });

  it('storage over the plan can be archived after confirming', async () => {
    db.row = row({ plan_id: 'free', status: 'canceled' });
    db.counts = { storage_items: 115, storage_units: 5, storage_rooms: 2 };
    functions['archive-excess-storage'] = () => ({
      status: 200,
      body: {
        archived: true,
        planId: 'free',
        backupId: 'b1',
        removed: { rooms: 1, isles: 1, units: 2, items: 15 },
      },
    });
    const user = renderSettings();
    expect(await screen.findByTestId('billing-excess')).toHaveTextContent(
      '15 items, 2 units, 1 room over',
    );
    await user.click(screen.getByTestId('archive-excess'));
    await user.click(
      within(screen.getByTestId('archive-dialog')).getByRole('button', { name: 'Archive' }),
    );
    expect(await screen.findByTestId('archive-result')).toHaveTextContent(
      '1 room, 2 units and 15 items',
    );
  });

  it('back from checkout it waits for the plan, then announces it once', async () => {
    db.row = row({});
    renderSettings('?tab=subscription&checkout=success&session_id=cs_1');
    expect(await screen.findByTestId('checkout-pending')).toHaveTextContent('Activating your plan');
    db.row = row({ plan_id: 'growing' });
    expect(await toast('Plan Changed')).toHaveTextContent('You are now on the Growing Seller plan');
    expect(screen.getByTestId('billing-current-plan')).toHaveTextContent('Growing Seller');
    expect(screen.queryByTestId('checkout-pending')).toBeNull();
  });
});
