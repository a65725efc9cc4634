import { afterAll, describe, expect, it } from 'vitest';
import { signStripePayload } from '../../local/sandboxes/stripe.ts';
import {
  billingState,
  callFunction,
  createSeller,
  flushWebhooks,
  payOnHostedCheckout,
  runScheduled,
  sandbox,
  subscribe,
} from '../helpers/billing.ts';
import { closeDb, db, serviceDbClient } from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';
import { signUserToken } from '../helpers/tokens.ts';

afterAll(async () => {
  await flushWebhooks();
  await closeDb();
});

const BEARER_FUNCTIONS = [
  'create-checkout-session',
  'change-subscription-plan',
  'cancel-subscription',
  'archive-excess-storage',
  'create-billing-portal-session',
];

function postWebhook(payload: string, signature: string | null) {
  return fetch(`${stack().appUrl}/.netlify/functions/stripe-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    body: payload,
  });
}

/** A checkout.session.completed an attacker would like us to believe, for their own account. */
function forgedEvent(userId: string, subscriptionId: string) {
  return JSON.stringify({
    id: `evt_forged${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: 'cs_test_forged',
        object: 'checkout.session',
        mode: 'subscription',
        client_reference_id: userId,
        customer: 'cus_forged',
        subscription: subscriptionId,
        metadata: { user_id: userId, plan_id: 'elite' },
      },
    },
  });
}

async function eventRows(eventId: string): Promise<number> {
  const { rows } = await db().query('select 1 from public.stripe_events where event_id = $1', [
    eventId,
  ]);
  return rows.length;
}

describe('stripe-webhook signature', () => {
  it('refuses a wrong, a missing and a malformed signature, and changes nothing', async () => {
    const victim = await createSeller();
    // A real subscription of someone else, which the forged event points at.
    const payer = await createSeller();
    const { subscriptionId } = await subscribe(payer, 'elite');
    const payload = forgedEvent(victim.accountId, subscriptionId);
    const eventId = (JSON.parse(payload) as { id: string }).id;

    const wrongSecret = await postWebhook(
      payload,
      signStripePayload(payload, 'whsec_not_the_secret'),
    );
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toEqual({ error: 'Invalid signature' });

    const missing = await postWebhook(payload, null);
    expect(missing.status).toBe(400);

    const garbage = await postWebhook(payload, 't=1,v1=deadbeef');
    expect(garbage.status).toBe(400);

    expect(await billingState(victim.accountId)).toMatchObject({
      plan_id: 'free',
      account_plan: 'free',
      stripe_subscription_id: null,
    });
    expect(await eventRows(eventId)).toBe(0);
  });

  it('a genuine signature does not cover an altered body', async () => {
    const seller = await createSeller();
    const { subscriptionId } = await subscribe(seller, 'growing');
    const { events, deliveries } = await sandbox<{
      events: Array<{
        id: string;
        data: { object: { subscription?: string; metadata: Record<string, string> } };
      }>;
      deliveries: Array<{ eventId: string; signature: string }>;
    }>('events?type=checkout.session.completed');
    const original = events.find((e) => e.data.object.subscription === subscriptionId)!;
    const { signature } = deliveries.find((d) => d.eventId === original.id)!;
    const other = await createSeller();
    // Same signature, the session now claiming to be someone else's, under a fresh event id.
    const tampered = structuredClone(original);
    tampered.id = `${original.id}x`;
    tampered.data.object.metadata = { user_id: other.accountId, plan_id: 'growing' };
    const result = await postWebhook(JSON.stringify(tampered, null, 2), signature);
    expect(result.status).toBe(400);
    expect(await eventRows(tampered.id)).toBe(0);
    expect(await billingState(other.accountId)).toMatchObject({
      plan_id: 'free',
      stripe_subscription_id: null,
    });
  });

  it('a redelivered event is acknowledged once and not applied again', async () => {
    const seller = await createSeller();
    const { subscriptionId } = await subscribe(seller, 'growing');
    const { events } = await sandbox<{
      events: Array<{ id: string; data: { object: { subscription?: string } } }>;
    }>('events?type=checkout.session.completed');
    const event = events.find((e) => e.data.object.subscription === subscriptionId)!;
    const { delivery } = await sandbox<{ delivery: { status: number; body: string } }>(
      `events/${event.id}/resend`,
      {},
    );
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({ received: true, duplicate: true });
    expect(await eventRows(event.id)).toBe(1);
  });
});

describe('stripe-webhook for an account that no longer exists', () => {
  it('acknowledges the event and changes nothing, so Stripe does not retry forever', async () => {
    const seller = await createSeller();
    const { subscriptionId } = await subscribe(seller, 'growing');
    const { error } = await serviceDbClient().auth.admin.deleteUser(seller.id);
    expect(error).toBeNull();
    const { events } = await sandbox<{
      events: Array<{ id: string; data: { object: { id: string } } }>;
    }>('events?type=customer.subscription.created');
    const event = events.find((e) => e.data.object.id === subscriptionId)!;
    await db().query('delete from public.stripe_events where event_id = $1', [event.id]);
    const { delivery } = await sandbox<{ delivery: { status: number } }>(
      `events/${event.id}/resend`,
      {},
    );
    expect(delivery.status).toBe(200);
    const { rows } = await db().query('select 1 from public.subscriptions where account_id = $1', [
      seller.accountId,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('plan and status are server-only', () => {
  it('a seller cannot change their plan by writing accounts or subscriptions through the REST API', async () => {
    const seller = await createSeller();

    // Refused outright, or matching no row the seller may write: either way nothing changes.
    const wroteNothing = (result: { error: unknown; data: unknown[] | null }) =>
      result.error !== null || (result.data ?? []).length === 0;

    const account = await seller.client
      .from('accounts')
      .update({ plan_id: 'elite' })
      .eq('id', seller.accountId)
      .select();
    expect(wroteNothing(account)).toBe(true);

    const sub = await seller.client
      .from('subscriptions')
      .update({ plan_id: 'elite', status: 'active' })
      .eq('account_id', seller.accountId)
      .select();
    expect(wroteNothing(sub)).toBe(true);

    const upsert = await seller.client
      .from('subscriptions')
      .upsert({ account_id: seller.accountId, plan_id: 'elite' }, { onConflict: 'account_id' });
    expect(upsert.error).not.toBeNull();

    const del = await seller.client
      .from('subscriptions')
      .delete()
      .eq('account_id', seller.accountId)
      .select();
    expect(wroteNothing(del)).toBe(true);

    const events = await seller.client.from('stripe_events').select('*');
    expect(events.error).not.toBeNull();

    expect(await billingState(seller.accountId)).toMatchObject({
      plan_id: 'free',
      account_plan: 'free',
      status: 'active',
    });
  });
});

describe('bearer tokens', () => {
  it.each(BEARER_FUNCTIONS)('%s refuses a call without a bearer token', async (name) => {
    const result = await callFunction(name, { newPlanId: 'growing', planId: 'growing' });
    expect(result).toEqual({ status: 401, body: { error: 'Not authenticated' } });
  });

  it.each(BEARER_FUNCTIONS)('%s refuses a forged, sessionless or garbage token', async (name) => {
    const seller = await createSeller();
    // Signed with the right secret but for a session that never existed: the auth server says no.
    const sessionless = await signUserToken(stack().jwtSecret, seller.id, { email: seller.email });
    const forged = await signUserToken('not-the-jwt-secret-but-long-enough-32', seller.id);
    for (const token of [sessionless, forged, 'garbage']) {
      const result = await callFunction(name, { newPlanId: 'growing', planId: 'growing' }, token);
      expect(result.status).toBe(401);
    }
  });

  it('a signed-out session is refused', async () => {
    const seller = await createSeller();
    const token = seller.token;
    await seller.client.auth.signOut();
    const result = await callFunction('cancel-subscription', {}, token);
    expect(result.status).toBe(401);
  });

  it('functions act for the token holder only, whatever user id the body names', async () => {
    const owner = await createSeller();
    await subscribe(owner, 'growing');
    const other = await createSeller();
    const result = await callFunction(
      'cancel-subscription',
      {
        userId: owner.id,
        user_id: owner.id,
        accountId: owner.accountId,
        account_id: owner.accountId,
      },
      other.token,
    );
    expect(result.status).toBe(409);
    expect(await billingState(owner.accountId)).toMatchObject({
      plan_id: 'growing',
      cancel_at: null,
    });
  });
});

describe('invalid plans', () => {
  it('change-subscription-plan refuses an unknown plan id with Invalid Plan', async () => {
    const seller = await createSeller();
    await subscribe(seller, 'growing');
    for (const newPlanId of ['platinum', '', null, 3, 'GROWING']) {
      const result = await callFunction('change-subscription-plan', { newPlanId }, seller.token);
      expect(result).toEqual({ status: 400, body: { error: 'Invalid Plan' } });
    }
    expect((await billingState(seller.accountId)).plan_id).toBe('growing');
  });

  it('create-checkout-session refuses Free, unknown plans and prices that are not ours', async () => {
    const seller = await createSeller();
    for (const body of [
      { planId: 'free' },
      { planId: 'platinum' },
      { priceId: 'price_someone_elses' },
      {},
    ]) {
      const result = await callFunction('create-checkout-session', body, seller.token);
      expect(result).toEqual({ status: 400, body: { error: 'Invalid Plan' } });
    }
  });

  it('bad JSON is refused without touching Stripe', async () => {
    const seller = await createSeller();
    const result = await callFunction('change-subscription-plan', '{not json', seller.token);
    expect(result.status).toBe(400);
  });
});

describe('return URLs come from the site, never from the request', () => {
  const evil = { origin: 'https://evil.example' };

  it('checkout with a forged Origin returns the seller to our own site, and refuses evil URLs', async () => {
    const seller = await createSeller();
    const refused = await callFunction(
      'create-checkout-session',
      {
        planId: 'growing',
        successUrl: 'https://evil.example/x',
        cancelUrl: 'https://evil.example/y',
      },
      seller.token,
      evil,
    );
    expect(refused.status).toBe(400);

    const created = await callFunction<{ sessionUrl: string }>(
      'create-checkout-session',
      { planId: 'growing' },
      seller.token,
      evil,
    );
    expect(created.status).toBe(200);
    const pay = await payOnHostedCheckout(created.body.sessionUrl);
    expect(pay.headers.get('location')).toMatch(
      new RegExp(`^${stack().appUrl}/dashboard/settings\\?tab=subscription&checkout=success`),
    );
  });

  it('the billing portal with a forged Origin returns to our own site', async () => {
    const seller = await createSeller();
    await subscribe(seller, 'growing');
    const refused = await callFunction(
      'create-billing-portal-session',
      { returnUrl: 'https://evil.example/' },
      seller.token,
      evil,
    );
    expect(refused.status).toBe(400);
    const portal = await callFunction<{ url: string }>(
      'create-billing-portal-session',
      {},
      seller.token,
      evil,
    );
    expect(portal.status).toBe(200);
    const page = await (await fetch(portal.body.url)).text();
    expect(page).toContain(`${stack().appUrl}/dashboard/settings?tab=subscription`);
    expect(page).not.toContain('evil.example');
  });
});

describe('scheduled functions run for the scheduler only', () => {
  it('enforce-overdue-deadline: a call by URL is refused, even dressed as the scheduler; its run works', async () => {
    const url = `${stack().appUrl}/.netlify/functions/enforce-overdue-deadline`;
    const plain = await fetch(url, { method: 'POST' });
    expect(plain.status).toBe(403);
    expect(await plain.json()).toEqual({ error: 'This function runs on its schedule only' });
    const dressed = await fetch(url, {
      method: 'POST',
      headers: { 'user-agent': 'Netlify Clockwork', 'x-nf-event': 'schedule' },
      body: '{"next_run":"2026-01-01T00:00:00Z"}',
    });
    expect(dressed.status).toBe(403);

    const run = await runScheduled<{ downgraded: unknown[] }>('enforce-overdue-deadline');
    expect(run.status).toBe(200);
    expect(Array.isArray(run.body.downgraded)).toBe(true);
  });
});
