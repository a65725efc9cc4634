import type Stripe from 'stripe';
import { stripeEnv, type StripeEnv } from '../lib/env.ts';
import { json, jsonError, methodNotAllowed } from '../lib/http.ts';
import { collectionState, downgradeOverdue } from '../lib/overdue.ts';
import { stripeClient } from '../lib/stripe.ts';
import { accountIdOf, type AccountId } from '../../src/domain/ids.ts';
import {
  accountFromMetadata,
  findOwner,
  getSubscriptionRow,
  syncSubscription,
  updateSubscriptionRow,
} from '../lib/subscriptions.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

/**
 * Stripe's webhook: keeps public.subscriptions (and, by trigger, accounts.plan_id) true.
 *
 * - The signature is checked by the SDK (constructEvent) on the raw body, before anything is
 *   read from it: a forged or replayed event gets 400 and changes nothing.
 * - Idempotent: each event id is recorded in public.stripe_events; one already processed is
 *   acknowledged again without being applied. A failure releases the id and answers 500, so
 *   Stripe retries.
 * - The subscription is retrieved from Stripe rather than taken from the event, so events that
 *   arrive late or out of order still leave Stripe's current state behind.
 * - Payloads follow the endpoint's API version (README: the version and events to create it
 *   with); both invoice shapes are read, anything else is refused with the version logged.
 * - When Stripe has given up on an overdue account, the overdue downgrade runs (overdue.ts,
 *   docs/product.md#overdue-payments).
 */

type Outcome = 'applied' | 'ignored';

/** An event whose payload has a shape we do not know: refused, so Stripe shows the failure. */
class UnrecognisedPayload extends Error {}

interface SubscriptionEventOptions {
  /** The account, when the event names it (a completed checkout). */
  accountId?: AccountId | null;
  paymentFailed?: boolean;
  nextPaymentAttempt?: number | null;
  /** customer.subscription.deleted: the event's own copy, used when Stripe no longer has it. */
  deleted?: Stripe.Subscription;
}

async function subscriptionEvent(
  env: StripeEnv,
  stripe: Stripe,
  subscriptionId: string,
  options: SubscriptionEventOptions = {},
): Promise<Outcome> {
  const readAt = new Date();
  const { collection, sub: current } = await collectionState(stripe, subscriptionId);
  // A deletion is final, so the event's copy is as true as any later read: applied even when
  // Stripe can no longer return the subscription (e.g. its customer was deleted).
  const sub = current ?? (options.deleted?.status === 'canceled' ? options.deleted : null);
  if (!sub) return 'ignored';
  const accountId = options.accountId || (await findOwner(sub));
  if (!accountId) {
    console.warn(`stripe-webhook: no account for subscription ${sub.id}`);
    return 'ignored';
  }
  // Stripe's final state on an overdue account: the downgrade the banner warned of (overdue.ts),
  // which leaves the row on Free; the cancellation's own event brings the rest up to date.
  if (collection === 'gave-up') {
    const row = await getSubscriptionRow(accountId);
    if (row?.overdue_date && row.stripe_subscription_id === sub.id) {
      await downgradeOverdue(stripe, accountId, sub);
      return 'applied';
    }
  }
  await syncSubscription(env, accountId, sub, {
    paymentFailed: options.paymentFailed ?? false,
    nextPaymentAttempt: options.nextPaymentAttempt ?? null,
    readAt,
  });
  return 'applied';
}

/**
 * The subscription an invoice bills. Its place depends on the webhook endpoint's API version,
 * not the SDK's: from 2025-03-31 it is invoice.parent.subscription_details.subscription, before
 * that invoice.subscription. Null for an invoice that bills no subscription; a payload with
 * neither field is refused with its version in the log.
 */
export function invoiceSubscription(invoice: object, apiVersion: string | null): string | null {
  const ref = (value: unknown): string | null =>
    typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null);
  if ('parent' in invoice) {
    const parent = invoice.parent as Stripe.Invoice['parent'];
    return ref(parent?.subscription_details?.subscription ?? null);
  }
  if ('subscription' in invoice) return ref(invoice.subscription);
  throw new UnrecognisedPayload(
    `invoice payload with neither parent nor subscription (API version ${apiVersion ?? 'unknown'})`,
  );
}

async function handle(env: StripeEnv, stripe: Stripe, event: Stripe.Event): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return 'ignored';
      // The account checkout was started for (create-checkout-session): its reference, else the
      // metadata (`account_id`, or `user_id` on sessions made before it was called that).
      const accountId = session.client_reference_id
        ? accountIdOf(session.client_reference_id)
        : accountFromMetadata(session.metadata);
      if (accountId && session.customer) {
        const customer =
          typeof session.customer === 'string' ? session.customer : session.customer.id;
        await updateSubscriptionRow(accountId, { stripe_customer_id: customer });
      }
      const subId =
        typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      return subscriptionEvent(env, stripe, subId, { accountId });
    }
    case 'customer.subscription.deleted':
      return subscriptionEvent(env, stripe, event.data.object.id, { deleted: event.data.object });
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return subscriptionEvent(env, stripe, event.data.object.id);
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const subId = invoiceSubscription(event.data.object, event.api_version);
      return subId ? subscriptionEvent(env, stripe, subId) : 'ignored';
    }
    case 'invoice.payment_failed': {
      const subId = invoiceSubscription(event.data.object, event.api_version);
      if (!subId) return 'ignored';
      // Only an invoice that is still unpaid makes the account overdue: a failure event that
      // arrives after the seller has paid must not bring the banner back.
      const invoice = await stripe.invoices.retrieve(event.data.object.id!);
      return subscriptionEvent(env, stripe, subId, {
        paymentFailed: invoice.status === 'open',
        nextPaymentAttempt: invoice.next_payment_attempt,
      });
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
    const refused = error instanceof UnrecognisedPayload;
    console.error(
      `stripe-webhook: ${event.type} ${event.id} (API version ${event.api_version ?? 'unknown'}) ${refused ? 'refused' : 'failed'}:`,
      (error as Error).message,
    );
    await supabaseAdmin()
      .from('stripe_events')
      .delete()
      .eq('event_id', event.id)
      .is('processed_at', null);
    if (refused) {
      return jsonError(
        422,
        `Unrecognised ${event.type} payload for API version ${event.api_version}`,
      );
    }
    return jsonError(500, 'Webhook processing failed');
  }
};
