import { requireUser } from '../lib/auth.ts';
import { priceForPlan } from '../lib/billing-plans.ts';
import { stripeEnv, type StripeEnv } from '../lib/env.ts';
import { json, jsonError, methodNotAllowed, readJsonObject } from '../lib/http.ts';
import { cardErrorMessage, stripeClient } from '../lib/stripe.ts';
import {
  getSubscriptionRow,
  isLive,
  syncSubscription,
  type SubscriptionRow,
} from '../lib/subscriptions.ts';
import { isPlanId } from '../../src/domain/plans.ts';

const FAILED = 'Failed to update subscription';

function result(row: SubscriptionRow | null) {
  return {
    planId: row?.plan_id ?? 'free',
    status: row?.status ?? 'active',
    cancelAt: row?.cancel_at ?? null,
    targetPlanId: row?.target_plan_id ?? null,
  };
}

/**
 * POST, bearer. Body { newPlanId } -> { planId, status, cancelAt, targetPlanId } or { error }.
 * SPEC 4: Free cancels at the end of the billing period; a paid plan applies at once with
 * proration (the difference is invoiced now); choosing the plan one already has while a
 * cancellation is scheduled reactivates the subscription. Starting from Free goes through
 * checkout, since Stripe needs a card first.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed();
  const auth = await requireUser(req);
  if (!auth.ok) return auth.response;
  const userId = auth.user.id;

  const body = await readJsonObject(req);
  if (!body) return jsonError(400, 'Invalid request body');
  const newPlanId = body.newPlanId;
  if (!isPlanId(newPlanId)) return jsonError(400, 'Invalid Plan');

  let env: StripeEnv;
  try {
    env = stripeEnv();
  } catch (error) {
    console.error('change-subscription-plan:', (error as Error).message);
    return jsonError(500, FAILED);
  }

  try {
    const row = await getSubscriptionRow(userId);
    if (!row || !isLive(row)) {
      if (newPlanId === 'free') return json(result(row));
      return jsonError(409, 'Start a subscription through checkout first', {
        checkoutRequired: true,
      });
    }
    const stripe = stripeClient(env);
    const subscriptionId = row.stripe_subscription_id!;

    if (newPlanId === 'free') {
      const readAt = new Date();
      const sub = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      return json(result(await syncSubscription(env, userId, sub, { readAt })));
    }

    if (row.status === 'past_due' || row.status === 'unpaid') {
      return jsonError(
        409,
        'Your payment is overdue. Update your card under Manage Billing first.',
      );
    }

    let readAt = new Date();
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    const item = current.items.data[0];
    if (!item) return jsonError(502, FAILED);
    const price = priceForPlan(env, newPlanId);

    let sub;
    if (item.price.id === price) {
      // Same plan: only a scheduled cancellation can be undone (reactivation). Stripe keeps it
      // either as cancel_at_period_end or (set from the portal) as a cancel_at date; each is
      // cleared by its own parameter, and Stripe takes only one of the two per request.
      if (!current.cancel_at_period_end && !current.cancel_at) {
        return json(result(await syncSubscription(env, userId, current, { readAt })));
      }
      readAt = new Date();
      sub = await stripe.subscriptions.update(
        subscriptionId,
        current.cancel_at_period_end ? { cancel_at_period_end: false } : { cancel_at: '' },
      );
    } else {
      readAt = new Date();
      sub = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price }],
        proration_behavior: 'always_invoice',
        // A declined card refuses the change instead of leaving the plan half-changed.
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
        metadata: { user_id: userId, plan_id: newPlanId },
      });
    }
    return json(result(await syncSubscription(env, userId, sub, { readAt })));
  } catch (error) {
    const card = cardErrorMessage(error);
    console.error('change-subscription-plan:', (error as Error).message);
    return jsonError(card ? 402 : 502, FAILED, card ? { detail: card } : {});
  }
};
