import { afterAll, describe, expect, it } from 'vitest';
import {
  billingState,
  callFunction,
  createSeller,
  flushWebhooks,
  sandbox,
  subscribe,
} from '../helpers/billing.ts';
import { closeDb } from '../helpers/db-users.ts';

afterAll(async () => {
  await flushWebhooks();
  await closeDb();
});

interface SandboxSubscription {
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  items: { data: Array<{ price: { id: string }; current_period_end: number }> };
}

const stripeSub = (id: string) => sandbox<SandboxSubscription>(`subscriptions/${id}`);

describe('plan changes', () => {
  it('upgrades at once with proration, and downgrades between paid plans at once', async () => {
    const seller = await createSeller();
    const { subscriptionId, customerId } = await subscribe(seller, 'growing');

    const up = await callFunction('change-subscription-plan', { newPlanId: 'elite' }, seller.token);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ planId: 'elite', status: 'active', cancelAt: null });
    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'elite',
      account_plan: 'elite',
    });
    expect((await stripeSub(subscriptionId)).items.data[0]!.price.id).toBe('price_local_elite');

    // The upgrade's difference was invoiced and paid straight away (proration_behavior=always_invoice).
    const paid = await sandbox<{
      events: Array<{
        data: { object: { billing_reason: string; customer: string; amount_paid: number } };
      }>;
    }>('events?type=invoice.paid');
    const proration = paid.events.filter(
      (e) =>
        e.data.object.customer === customerId &&
        e.data.object.billing_reason === 'subscription_update',
    );
    expect(proration).toHaveLength(1);
    expect(proration[0]!.data.object.amount_paid).toBe(4900 - 900);

    const down = await callFunction(
      'change-subscription-plan',
      { newPlanId: 'power' },
      seller.token,
    );
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ planId: 'power', cancelAt: null });
    await flushWebhooks();
    // Late webhooks of the upgrade did not undo the downgrade: Stripe's current state wins.
    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'power',
      account_plan: 'power',
    });
    const customer = await sandbox<{ customer: { balance: number } }>(`customers/${customerId}`);
    expect(customer.customer.balance).toBe(-(4900 - 1900));
  });

  it('changing to free cancels at the end of the period; the plan stays until then', async () => {
    const seller = await createSeller();
    const { subscriptionId } = await subscribe(seller, 'power');

    const result = await callFunction(
      'change-subscription-plan',
      { newPlanId: 'free' },
      seller.token,
    );
    expect(result.status).toBe(200);
    const sub = await stripeSub(subscriptionId);
    expect(sub.cancel_at_period_end).toBe(true);
    const periodEnd = new Date(sub.items.data[0]!.current_period_end * 1000).toISOString();
    expect(result.body).toMatchObject({ planId: 'power', targetPlanId: 'free' });
    expect(new Date(result.body.cancelAt as string).toISOString()).toBe(periodEnd);

    await flushWebhooks();
    const state = await billingState(seller.accountId);
    expect(state).toMatchObject({
      plan_id: 'power',
      account_plan: 'power',
      status: 'active',
      target_plan_id: 'free',
    });
    expect(state.cancel_at?.toISOString()).toBe(periodEnd);

    // The period ends: Stripe deletes the subscription and the seller is on Free.
    await sandbox(`subscriptions/${subscriptionId}/advance`, {});
    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'free',
      account_plan: 'free',
      status: 'canceled',
      cancel_at: null,
      target_plan_id: null,
    });
  });

  it('cancel-subscription schedules the cancellation; choosing the same plan reactivates it', async () => {
    const seller = await createSeller();
    const { subscriptionId } = await subscribe(seller, 'growing');

    const cancelled = await callFunction('cancel-subscription', {}, seller.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ planId: 'growing', targetPlanId: 'free' });
    expect(cancelled.body.cancelAt).toEqual(expect.any(String));
    expect((await stripeSub(subscriptionId)).cancel_at_period_end).toBe(true);

    const reactivated = await callFunction(
      'change-subscription-plan',
      { newPlanId: 'growing' },
      seller.token,
    );
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({
      planId: 'growing',
      cancelAt: null,
      targetPlanId: null,
    });
    const sub = await stripeSub(subscriptionId);
    expect(sub.cancel_at_period_end).toBe(false);
    expect(sub.cancel_at).toBeNull();
    await flushWebhooks();
    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'growing',
      cancel_at: null,
      target_plan_id: null,
    });

    // Renewal now goes ahead instead of ending the subscription.
    await sandbox(`subscriptions/${subscriptionId}/advance`, { outcome: 'paid' });
    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'growing',
      status: 'active',
    });
  });

  it('an upgrade with a declined card changes nothing and says why', async () => {
    const seller = await createSeller();
    const { customerId, subscriptionId } = await subscribe(seller, 'growing');
    await sandbox(`customers/${customerId}/card`, { behaviour: 'decline' });

    const result = await callFunction(
      'change-subscription-plan',
      { newPlanId: 'elite' },
      seller.token,
    );
    expect(result.status).toBe(402);
    expect(result.body).toEqual({
      error: 'Failed to update subscription',
      detail: 'Your card was declined.',
    });
    expect((await stripeSub(subscriptionId)).items.data[0]!.price.id).toBe('price_local_growing');
    await flushWebhooks();
    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'growing',
      status: 'active',
    });
  });

  it('a paid plan from Free needs checkout; cancelling with nothing to cancel is refused', async () => {
    const seller = await createSeller();
    const change = await callFunction(
      'change-subscription-plan',
      { newPlanId: 'growing' },
      seller.token,
    );
    expect(change.status).toBe(409);
    expect(change.body.checkoutRequired).toBe(true);
    const toFree = await callFunction(
      'change-subscription-plan',
      { newPlanId: 'free' },
      seller.token,
    );
    expect(toFree.status).toBe(200);
    expect(toFree.body).toMatchObject({ planId: 'free' });
    const cancel = await callFunction('cancel-subscription', {}, seller.token);
    expect(cancel.status).toBe(409);
    expect(await billingState(seller.accountId)).toMatchObject({ plan_id: 'free' });
  });

  it('opens the billing portal for a paying seller, and not for one Stripe does not know', async () => {
    const seller = await createSeller();
    const none = await callFunction('create-billing-portal-session', {}, seller.token);
    expect(none.status).toBe(409);

    await subscribe(seller, 'growing');
    const portal = await callFunction<{ url: string }>(
      'create-billing-portal-session',
      {},
      seller.token,
    );
    expect(portal.status).toBe(200);
    const page = await fetch(portal.body.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Growing Seller');
  });
});
