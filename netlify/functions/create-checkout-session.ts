import { requireUser } from '../lib/auth.ts';
import { isPaidPlanId, planForPrice, priceForPlan, type PaidPlanId } from '../lib/billing-plans.ts';
import { stripeEnv, type StripeEnv } from '../lib/env.ts';
import { jsonError, json, methodNotAllowed, readJsonObject } from '../lib/http.ts';
import { ownUrl, settingsUrl } from '../lib/return-urls.ts';
import { stripeClient } from '../lib/stripe.ts';
import { getSubscriptionRow, isLive, updateSubscriptionRow } from '../lib/subscriptions.ts';

const FAILED = 'Failed to create checkout session';

/** SPEC 7 sends priceId; the SPA sends planId (price ids are server configuration). */
function requestedPlan(env: StripeEnv, body: Record<string, unknown>): PaidPlanId | null {
  if (body.priceId !== undefined) {
    return typeof body.priceId === 'string' ? planForPrice(env, body.priceId) : null;
  }
  return isPaidPlanId(body.planId) ? body.planId : null;
}

/**
 * POST, bearer. Body { priceId | planId, successUrl?, cancelUrl? } -> { sessionUrl } or { error }.
 * Starts Stripe Checkout for a seller on Free. Someone with a live subscription changes plan
 * instead (change-subscription-plan), so nobody ends up paying for two subscriptions.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed();
  const auth = await requireUser(req);
  if (!auth.ok) return auth.response;
  const { user } = auth;

  const body = await readJsonObject(req);
  if (!body) return jsonError(400, 'Invalid request body');

  let env: StripeEnv;
  try {
    env = stripeEnv();
  } catch (error) {
    console.error('create-checkout-session:', (error as Error).message);
    return jsonError(500, FAILED);
  }

  const plan = requestedPlan(env, body);
  if (!plan) return jsonError(400, 'Invalid Plan');

  const successUrl =
    body.successUrl === undefined
      ? settingsUrl(req, '&checkout=success&session_id={CHECKOUT_SESSION_ID}')
      : ownUrl(body.successUrl, req);
  const cancelUrl =
    body.cancelUrl === undefined
      ? settingsUrl(req, '&checkout=cancelled')
      : ownUrl(body.cancelUrl, req);
  if (!successUrl || !cancelUrl) {
    return jsonError(400, 'successUrl and cancelUrl must be pages of this site');
  }

  try {
    const row = await getSubscriptionRow(user.id);
    if (row && isLive(row) && row.plan_id !== 'free') {
      return jsonError(409, 'You already have a subscription. Change your plan instead.', {
        planId: row.plan_id,
      });
    }

    const stripe = stripeClient(env);
    let customer = row?.stripe_customer_id ?? null;
    if (!customer) {
      // The idempotency key makes two quick clicks create one customer, not two.
      const created = await stripe.customers.create(
        { email: user.email, metadata: { user_id: user.id } },
        { idempotencyKey: `customer-${user.id}` },
      );
      customer = created.id;
      await updateSubscriptionRow(user.id, { stripe_customer_id: customer });
    }

    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: priceForPlan(env, plan), quantity: 1 }],
      metadata: { user_id: user.id, plan_id: plan },
      subscription_data: { metadata: { user_id: user.id, plan_id: plan } },
      success_url: successUrl,
      cancel_url: cancelUrl,
    });
    if (!session.url) return jsonError(502, 'No session URL in response');
    return json({ sessionUrl: session.url, sessionId: session.id });
  } catch (error) {
    console.error('create-checkout-session:', (error as Error).message);
    return jsonError(502, FAILED);
  }
};
