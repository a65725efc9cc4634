import { authedFunction, Refusal } from '../lib/authed-function.ts';
import { stripeEnv } from '../lib/env.ts';
import { jsonError } from '../lib/http.ts';
import { ownUrl, settingsUrl } from '../lib/return-urls.ts';
import { describeStripeError, stripeClient } from '../lib/stripe.ts';
import { getSubscriptionRow } from '../lib/subscriptions.ts';

/**
 * POST, bearer. Body { returnUrl? } -> { url } or { error }. Stripe's customer portal, where the
 * seller updates their card (the way out of past_due), sees invoices, or cancels. Only for
 * sellers who have been through checkout: before that Stripe knows no customer for them.
 */
export default authedFunction({
  name: 'create-billing-portal-session',
  failure: 'Failed to open the billing portal',
  env: stripeEnv,
  describeError: describeStripeError,
  async run({ account, body, env }) {
    const returnUrl = body.returnUrl === undefined ? settingsUrl() : ownUrl(body.returnUrl);
    if (!returnUrl) throw new Refusal(400, 'returnUrl must be a page of this site');
    const row = await getSubscriptionRow(account.id);
    if (!row?.stripe_customer_id) {
      throw new Refusal(409, 'There is no billing account yet. Choose a paid plan first.');
    }
    const session = await stripeClient(env).billingPortal.sessions.create({
      customer: row.stripe_customer_id,
      return_url: returnUrl,
    });
    if (!session.url) return jsonError(502, 'No session URL in response');
    return { url: session.url };
  },
});
