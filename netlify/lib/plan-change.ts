import type Stripe from 'stripe';
import type { PlanId } from '../../src/domain/plans.ts';
import { Refusal } from './authed-function.ts';
import { priceForPlan } from './billing-plans.ts';
import type { StripeEnv } from './env.ts';
import {
  getSubscriptionRow,
  isLive,
  syncSubscription,
  type SubscriptionRow,
} from './subscriptions.ts';
import type { AccountId } from '../../src/domain/ids.ts';

/** What the SPA reads back after a plan change or a cancellation. */
export interface PlanChangeResult {
  planId: string;
  status: string;
  cancelAt: string | null;
  targetPlanId: string | null;
}

function result(row: SubscriptionRow | null, fallback?: SubscriptionRow): PlanChangeResult {
  const r = row ?? fallback;
  return {
    planId: r?.plan_id ?? 'free',
    status: r?.status ?? 'active',
    cancelAt: r?.cancel_at ?? null,
    targetPlanId: r?.target_plan_id ?? null,
  };
}

/**
 * Stripe takes only one of cancel_at_period_end and cancel_at per request (it refuses both), and
 * a scheduled cancellation is kept as one or the other (the portal sets cancel_at): this clears
 * whichever is set, or nothing.
 */
export function clearScheduledCancellation(
  sub: Stripe.Subscription,
): Stripe.SubscriptionUpdateParams {
  if (sub.cancel_at_period_end) return { cancel_at_period_end: false };
  if (sub.cancel_at) return { cancel_at: '' };
  return {};
}

/**
 * Plan changes (docs/product.md#billing), for the account `accountId` (its owner's call):
 * - Free cancels at the end of the billing period (the plan stays until then);
 * - a paid plan applies at once with proration (the difference is invoiced now, and a declined
 *   card refuses the change instead of leaving it half made);
 * - the plan one already has, while a cancellation is scheduled, reactivates the subscription;
 * - starting from Free goes through checkout, since Stripe needs a card first;
 * - an overdue account may only cancel until its card is updated.
 * `mustBePaying` (cancel-subscription) refuses when there is no paid subscription to cancel.
 */
export async function changePlan(
  env: StripeEnv,
  stripe: Stripe,
  accountId: AccountId,
  newPlanId: PlanId,
  options: { mustBePaying?: boolean } = {},
): Promise<PlanChangeResult> {
  const row = await getSubscriptionRow(accountId);
  if (!row || !isLive(row) || (options.mustBePaying && row.plan_id === 'free')) {
    if (options.mustBePaying) throw new Refusal(409, 'There is no paid subscription to cancel');
    if (newPlanId === 'free') return result(row);
    throw new Refusal(409, 'Start a subscription through checkout first', {
      checkoutRequired: true,
    });
  }
  const subscriptionId = row.stripe_subscription_id!;

  if (newPlanId === 'free') {
    const readAt = new Date();
    const sub = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    return result(await syncSubscription(env, accountId, sub, { readAt }), row);
  }

  if (row.status === 'past_due' || row.status === 'unpaid') {
    throw new Refusal(409, 'Your payment is overdue. Update your card under Manage Billing first.');
  }

  if (row.status === 'paused') {
    throw new Refusal(409, 'Your subscription is paused. Resume it under Manage Billing first.');
  }

  let readAt = new Date();
  const current = await stripe.subscriptions.retrieve(subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new Error(`subscription ${subscriptionId} has no items`);
  const price = priceForPlan(env, newPlanId);

  let sub: Stripe.Subscription;
  if (item.price.id === price) {
    // Same plan: only a scheduled cancellation can be undone (reactivation).
    const clear = clearScheduledCancellation(current);
    if (Object.keys(clear).length === 0) {
      return result(await syncSubscription(env, accountId, current, { readAt }), row);
    }
    readAt = new Date();
    sub = await stripe.subscriptions.update(subscriptionId, clear);
  } else {
    readAt = new Date();
    sub = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: item.id, price }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      // A new paid plan is kept: any scheduled cancellation is dropped with the change.
      ...clearScheduledCancellation(current),
      metadata: { account_id: accountId, plan_id: newPlanId },
    });
  }
  return result(await syncSubscription(env, accountId, sub, { readAt }), row);
}
