import type { PlanId } from '../../domain/plans';
import { texts } from '../../lib/messages';
import { BillingError, callBillingFunction, settingsUrl } from './billing-functions';

/**
 * Starts Stripe Checkout for a paid plan, for the account the owner acts on (the function
 * resolves it); resolves to the hosted page's URL. The seller leaves the app for it, so nothing
 * is cached or invalidated here: the subscription is read again on the way back.
 */
export async function createCheckoutSession(planId: PlanId): Promise<string> {
  const result = await callBillingFunction<{ sessionUrl?: unknown }>(
    'create-checkout-session',
    {
      planId,
      successUrl: settingsUrl('&checkout=success&session_id={CHECKOUT_SESSION_ID}'),
      cancelUrl: settingsUrl('&checkout=cancelled'),
    },
    texts.checkoutFailed,
  );
  if (typeof result.sessionUrl !== 'string' || result.sessionUrl === '') {
    throw new BillingError(texts.noSessionUrl, 200);
  }
  return result.sessionUrl;
}
