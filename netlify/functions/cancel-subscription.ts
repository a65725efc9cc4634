import { authedFunction } from '../lib/authed-function.ts';
import { stripeEnv } from '../lib/env.ts';
import { changePlan } from '../lib/plan-change.ts';
import { describeStripeError, stripeClient } from '../lib/stripe.ts';

/**
 * POST, bearer, no body -> { planId, status, cancelAt, targetPlanId } or { error }.
 * Cancels at the end of the paid period (docs/product.md#billing): the seller keeps what they paid
 * for until then, and can reactivate until it ends.
 */
export default authedFunction({
  name: 'cancel-subscription',
  failure: 'Failed to cancel subscription',
  env: stripeEnv,
  describeError: describeStripeError,
  run: async ({ account, env }) => ({
    ...(await changePlan(env, stripeClient(env), account.id, 'free', { mustBePaying: true })),
  }),
});
