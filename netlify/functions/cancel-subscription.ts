import { requireUser } from '../lib/auth.ts';
import { stripeEnv, type StripeEnv } from '../lib/env.ts';
import { json, jsonError, methodNotAllowed } from '../lib/http.ts';
import { stripeClient } from '../lib/stripe.ts';
import { getSubscriptionRow, isLive, syncSubscription } from '../lib/subscriptions.ts';

const FAILED = 'Failed to cancel subscription';

/**
 * POST, bearer, no body -> { planId, status, cancelAt, targetPlanId } or { error }.
 * Cancels at the end of the paid period (SPEC 4): the seller keeps what they paid for until
 * then, and can reactivate until it ends.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed();
  const auth = await requireUser(req);
  if (!auth.ok) return auth.response;
  const userId = auth.user.id;

  let env: StripeEnv;
  try {
    env = stripeEnv();
  } catch (error) {
    console.error('cancel-subscription:', (error as Error).message);
    return jsonError(500, FAILED);
  }

  try {
    const row = await getSubscriptionRow(userId);
    if (!row || !isLive(row) || row.plan_id === 'free') {
      return jsonError(409, 'There is no paid subscription to cancel');
    }
    const readAt = new Date();
    const sub = await stripeClient(env).subscriptions.update(row.stripe_subscription_id!, {
      cancel_at_period_end: true,
    });
    const synced = await syncSubscription(env, userId, sub, { readAt });
    return json({
      planId: synced?.plan_id ?? row.plan_id,
      status: synced?.status ?? row.status,
      cancelAt: synced?.cancel_at ?? null,
      targetPlanId: synced?.target_plan_id ?? 'free',
    });
  } catch (error) {
    console.error('cancel-subscription:', (error as Error).message);
    return jsonError(502, FAILED);
  }
};
