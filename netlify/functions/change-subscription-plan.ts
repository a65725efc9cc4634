import { isPlanId } from '../../src/domain/plans.ts';
import { authedFunction, Refusal } from '../lib/authed-function.ts';
import { stripeEnv } from '../lib/env.ts';
import { changePlan } from '../lib/plan-change.ts';
import { describeStripeError, stripeClient } from '../lib/stripe.ts';

/**
 * POST, bearer. Body { newPlanId } -> { planId, status, cancelAt, targetPlanId } or { error }.
 * The rules (docs/product.md#billing) live in netlify/lib/plan-change.ts.
 */
export default authedFunction({
  name: 'change-subscription-plan',
  failure: 'Failed to update subscription',
  env: stripeEnv,
  describeError: describeStripeError,
  async run({ account, body, env }) {
    if (!isPlanId(body.newPlanId)) throw new Refusal(400, 'Invalid Plan');
    return { ...(await changePlan(env, stripeClient(env), account.id, body.newPlanId)) };
  },
});
