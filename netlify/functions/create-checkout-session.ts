import { createHash } from 'node:crypto';
import type { AccountId } from '../../src/domain/ids.ts';
import { authedFunction, Refusal } from '../lib/authed-function.ts';
import { isPaidPlanId, planForPrice, priceForPlan, type PaidPlanId } from '../lib/billing-plans.ts';
import { stripeEnv, type StripeEnv } from '../lib/env.ts';
import { jsonError } from '../lib/http.ts';
import { ownUrl, settingsUrl } from '../lib/return-urls.ts';
import { describeStripeError, stripeClient } from '../lib/stripe.ts';
import { getSubscriptionRow, isLive, setCustomerIfNone } from '../lib/subscriptions.ts';

/** A priceId is accepted; the SPA sends planId (docs/product.md#server-calls). */
function requestedPlan(env: StripeEnv, body: Record<string, unknown>): PaidPlanId | null {
  if (body.priceId !== undefined) {
    return typeof body.priceId === 'string' ? planForPrice(env, body.priceId) : null;
  }
  return isPaidPlanId(body.planId) ? body.planId : null;
}

function returnUrl(given: unknown, query: string): string | null {
  return given === undefined ? settingsUrl(query) : ownUrl(given);
}

/**
 * Stripe keeps an idempotency key for 24 hours and refuses it with other parameters, so the key
 * is the account and the exact parameters: two quick clicks create one customer, while an owner
 * whose e-mail changed since an earlier attempt still gets one.
 */
export function customerIdempotencyKey(accountId: AccountId, params: object): string {
  const digest = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 24);
  return `customer-${accountId}-${digest}`;
}

/**
 * POST, bearer. Body { priceId | planId, successUrl?, cancelUrl? } -> { sessionUrl } or { error }.
 * Starts Stripe Checkout for the owner's account on Free. An account with a live subscription
 * changes plan instead (change-subscription-plan), so nobody ends up paying for two. Everything
 * Stripe keeps names the ACCOUNT (`client_reference_id`, `metadata.account_id`); the owner is
 * only the customer's e-mail. (Objects made before carry the account as `metadata.user_id`:
 * the webhook reads both, see subscriptions.ts accountFromMetadata.)
 */
export default authedFunction({
  name: 'create-checkout-session',
  failure: 'Failed to create checkout session',
  env: stripeEnv,
  describeError: describeStripeError,
  async run({ user, account, body, env }) {
    const plan = requestedPlan(env, body);
    if (!plan) throw new Refusal(400, 'Invalid Plan');
    const successUrl = returnUrl(
      body.successUrl,
      '&checkout=success&session_id={CHECKOUT_SESSION_ID}',
    );
    const cancelUrl = returnUrl(body.cancelUrl, '&checkout=cancelled');
    if (!successUrl || !cancelUrl) {
      throw new Refusal(400, 'successUrl and cancelUrl must be pages of this site');
    }

    const row = await getSubscriptionRow(account.id);
    if (row && isLive(row)) {
      throw new Refusal(409, 'You already have a subscription. Change your plan instead.', {
        planId: row.plan_id,
      });
    }

    const stripe = stripeClient(env);
    let customer = row?.stripe_customer_id ?? null;
    if (!customer) {
      const params = { email: user.email, metadata: { account_id: account.id } };
      const created = await stripe.customers.create(params, {
        idempotencyKey: customerIdempotencyKey(account.id, params),
      });
      // A parallel request may have stored its own customer first: then that one is used.
      customer = await setCustomerIfNone(account.id, created.id);
    }

    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: account.id,
      line_items: [{ price: priceForPlan(env, plan), quantity: 1 }],
      metadata: { account_id: account.id, plan_id: plan },
      subscription_data: { metadata: { account_id: account.id, plan_id: plan } },
      success_url: successUrl,
      cancel_url: cancelUrl,
    });
    if (!session.url) return jsonError(502, 'No session URL in response');
    return { sessionUrl: session.url, sessionId: session.id };
  },
});
