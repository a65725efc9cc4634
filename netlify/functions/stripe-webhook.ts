import type Stripe from 'stripe';
import { stripeEnv, type StripeEnv } from '../lib/env.ts';
import { json, jsonError, methodNotAllowed } from '../lib/http.ts';
import { isResourceMissing, stripeClient } from '../lib/stripe.ts';
import { findOwner, syncSubscription, updateSubscriptionRow } from '../lib/subscriptions.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

/**
 * Stripe's webhook: keeps public.subscriptions (and, by trigger, profiles.plan_id) true.
 *
 * - The signature is checked by the SDK (constructEvent) on the raw body, before anything is
 *   read from it: a forged or replayed event gets 400 and changes nothing.
 * - Idempotent: each event id is recorded in public.stripe_events; one already processed is
 *   acknowledged again without being applied. A failure releases the id and answers 500, so
 *   Stripe retries.
 * - The subscription is retrieved from Stripe rather than taken from the event, so events that
 *   arrive late or out of order still leave Stripe's current state behind.
 */

type Outcome = 'applied' | 'ignored';

async function subscriptionEvent(
  env: StripeEnv,
  stripe: Stripe,
  subscriptionId: string,
  options: { userId?: string | null; paymentFailed?: boolean } = {},
): Promise<Outcome> {
  let sub: Stripe.Subscription;
  const readAt = new Date();
  try {
    sub = await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (isResourceMissing(error)) return 'ignored';
    throw error;
  }
  const userId = options.userId || (await findOwner(sub));
  if (!userId) {
    console.warn(`stripe-webhook: no user for subscription ${sub.id}`);
    return 'ignored';
  }
  await syncSubscription(env, userId, sub, {
    paymentFailed: options.paymentFailed ?? false,
    readAt,
  });
  return 'applied';
}

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const ref = invoice.parent?.subscription_details?.subscription;
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

async function handle(env: StripeEnv, stripe: Stripe, event: Stripe.Event): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return 'ignored';
      const userId = session.client_reference_id ?? session.metadata?.user_id ?? null;
      if (userId && session.customer) {
        const customer =
          typeof session.customer === 'string' ? session.customer : session.customer.id;
        await updateSubscriptionRow(userId, { stripe_customer_id: customer });
      }
      const subId =
        typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      return subscriptionEvent(env, stripe, subId, { userId });
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return subscriptionEvent(env, stripe, event.data.object.id);
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const subId = invoiceSubscription(event.data.object);
      return subId ? subscriptionEvent(env, stripe, subId) : 'ignored';
    }
    case 'invoice.payment_failed': {
      const subId = invoiceSubscription(event.data.object);
      if (!subId) return 'ignored';
      // Only an invoice that is still unpaid makes the account overdue: a failure event that
      // arrives after the seller has paid must not bring the banner back.
      const invoice = await stripe.invoices.retrieve(event.data.object.id!);
      return subscriptionEvent(env, stripe, subId, { paymentFailed: invoice.status === 'open' });
    }
    default:
      return 'ignored';
  }
}

/** Claims an event id; false when it was processed before. */
async function claim(event: Stripe.Event): Promise<boolean> {
  const db = supabaseAdmin();
  const { error } = await db.from('stripe_events').insert({ event_id: event.id, type: event.type });
  if (!error) return true;
  if (error.code !== '23505') throw error;
  // Seen before: done if it was processed; a claim left by a crashed attempt is taken over.
  const { data, error: readError } = await db
    .from('stripe_events')
    .select('processed_at')
    .eq('event_id', event.id)
    .single();
  if (readError) throw readError;
  return (data as { processed_at: string | null }).processed_at === null;
}

export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed();

  let env: StripeEnv;
  try {
    env = stripeEnv();
  } catch (error) {
    console.error('stripe-webhook:', (error as Error).message);
    return jsonError(500, 'Webhook is not configured');
  }

  const signature = req.headers.get('stripe-signature');
  if (!signature) return jsonError(400, 'Missing Stripe-Signature header');
  // The exact bytes Stripe signed: parsing and re-serialising the JSON would break the signature.
  const payload = await req.text();
  const stripe = stripeClient(env);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    return jsonError(400, 'Invalid signature');
  }

  try {
    if (!(await claim(event))) return json({ received: true, duplicate: true });
    const outcome = await handle(env, stripe, event);
    await supabaseAdmin()
      .from('stripe_events')
      .update({ processed_at: new Date().toISOString() })
      .eq('event_id', event.id);
    return json({ received: true, outcome });
  } catch (error) {
    console.error(`stripe-webhook: ${event.type} ${event.id} failed:`, (error as Error).message);
    await supabaseAdmin()
      .from('stripe_events')
      .delete()
      .eq('event_id', event.id)
      .is('processed_at', null);
    return jsonError(500, 'Webhook processing failed');
  }
};
