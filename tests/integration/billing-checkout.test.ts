import { afterAll, describe, expect, it } from 'vitest';
import {
  billingState,
  callFunction,
  createSeller,
  flushWebhooks,
  payOnHostedCheckout,
  sandbox,
  subscribe,
} from '../helpers/billing.ts';
import { closeDb } from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';

afterAll(async () => {
  await flushWebhooks();
  await closeDb();
});

describe('checkout to an active plan (functions -> real SDK -> Stripe sandbox -> webhook)', () => {
  it('a free seller pays at checkout and is on Growing Seller, in subscriptions and the account', async () => {
    const seller = await createSeller();
    expect((await billingState(seller.accountId)).plan_id).toBe('free');

    const created = await callFunction<{ sessionUrl: string; sessionId: string }>(
      'create-checkout-session',
      { planId: 'growing' },
      seller.token,
      { origin: stack().appUrl },
    );
    expect(created.status).toBe(200);
    expect(created.body.sessionUrl).toBe(`${stack().stripeUrl}/c/pay/${created.body.sessionId}`);
    expect(created.body.sessionId).toMatch(/^cs_test_/);

    // Nothing changes until the seller pays.
    const before = await billingState(seller.accountId);
    expect(before.plan_id).toBe('free');
    expect(before.stripe_customer_id).toMatch(/^cus_/);

    const page = await fetch(created.body.sessionUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Growing Seller');

    const done = await sandbox<{ subscription: { id: string } }>(
      `checkout/${created.body.sessionId}/complete`,
      { outcome: 'paid' },
    );
    const after = await billingState(seller.accountId);
    expect(after).toMatchObject({
      plan_id: 'growing',
      account_plan: 'growing',
      status: 'active',
      stripe_subscription_id: done.subscription.id,
      stripe_customer_id: before.stripe_customer_id,
      cancel_at: null,
      overdue_date: null,
    });

    // The seller can read it through the REST API, as the SPA does.
    const { data } = await seller.client.from('subscriptions').select('plan_id, status').single();
    expect(data).toEqual({ plan_id: 'growing', status: 'active' });
  });

  it('accepts a Stripe price id instead of a plan id, and the hosted page redirects to success_url', async () => {
    const seller = await createSeller();
    const created = await callFunction<{ sessionUrl: string; sessionId: string }>(
      'create-checkout-session',
      {
        // the sandbox's default price ids (local/sandboxes/stripe-config.ts)
        priceId: 'price_local_power',
        successUrl: `${stack().appUrl}/dashboard/settings?tab=subscription&checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${stack().appUrl}/pricing`,
      },
      seller.token,
      { origin: stack().appUrl },
    );
    expect(created.status).toBe(200);

    const pay = await payOnHostedCheckout(created.body.sessionUrl);
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(
      `${stack().appUrl}/dashboard/settings?tab=subscription&checkout=success&session_id=${created.body.sessionId}`,
    );
    expect((await billingState(seller.accountId)).plan_id).toBe('power');
  });

  it('a declined card leaves the seller on Free', async () => {
    const seller = await createSeller();
    const created = await callFunction<{ sessionUrl: string; sessionId: string }>(
      'create-checkout-session',
      { planId: 'elite' },
      seller.token,
    );
    const pay = await payOnHostedCheckout(created.body.sessionUrl, 'declined');
    expect(pay.status).toBe(402);
    expect(await pay.text()).toContain('Your card was declined.');
    await flushWebhooks();
    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'free',
      account_plan: 'free',
    });
  });

  it('refuses a second checkout while a paid subscription is live', async () => {
    const seller = await createSeller();
    await subscribe(seller, 'growing');
    const again = await callFunction('create-checkout-session', { planId: 'power' }, seller.token);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already have a subscription/);
  });

  it('refuses success and cancel URLs on other sites (no open redirect through Stripe)', async () => {
    const seller = await createSeller();
    const result = await callFunction(
      'create-checkout-session',
      {
        planId: 'growing',
        successUrl: 'https://evil.example/steal',
        cancelUrl: `${stack().appUrl}/pricing`,
      },
      seller.token,
    );
    expect(result.status).toBe(400);
  });
});

describe('the Stripe sandbox speaks Stripe to the real SDK', () => {
  it('refuses an unknown API key with an authentication error, as Stripe does', async () => {
    const { default: Stripe } = await import('stripe');
    const url = new URL(stack().stripeUrl);
    const stripe = new Stripe('sk_test_local_wrong', {
      host: url.hostname,
      port: url.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(stripe.customers.create({ email: 'x@example.test' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});
