import { requireUser } from '../lib/auth.ts';
import { stripeEnv, type StripeEnv } from '../lib/env.ts';
import { json, jsonError, methodNotAllowed, readJsonObject } from '../lib/http.ts';
import { ownUrl, settingsUrl } from '../lib/return-urls.ts';
import { stripeClient } from '../lib/stripe.ts';
import { getSubscriptionRow } from '../lib/subscriptions.ts';

const FAILED = 'Failed to open the billing portal';

/**
 * POST, bearer. Body { returnUrl? } -> { url } or { error }. Stripe's customer portal, where the
 * seller updates their card (the way out of past_due), sees invoices, or cancels. Only for
 * sellers who have been through checkout: before that Stripe knows no customer for them.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed();
  const auth = await requireUser(req);
  if (!auth.ok) return auth.response;

  const body = await readJsonObject(req);
  if (!body) return jsonError(400, 'Invalid request body');
  const returnUrl = body.returnUrl === undefined ? settingsUrl(req) : ownUrl(body.returnUrl, req);
  if (!returnUrl) return jsonError(400, 'returnUrl must be a page of this site');

  let env: StripeEnv;
  try {
    env = stripeEnv();
  } catch (error) {
    console.error('create-billing-portal-session:', (error as Error).message);
    return jsonError(500, FAILED);
  }

  try {
    const row = await getSubscriptionRow(auth.user.id);
    if (!row?.stripe_customer_id) {
      return jsonError(409, 'There is no billing account yet. Choose a paid plan first.');
    }
    const session = await stripeClient(env).billingPortal.sessions.create({
      customer: row.stripe_customer_id,
      return_url: returnUrl,
    });
    if (!session.url) return jsonError(502, 'No session URL in response');
    return json({ url: session.url });
  } catch (error) {
    console.error('create-billing-portal-session:', (error as Error).message);
    return jsonError(502, FAILED);
  }
};
