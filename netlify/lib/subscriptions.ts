import type Stripe from 'stripe';
import type { StripeEnv } from './env.ts';
import { planForPrice } from './billing-plans.ts';
import { supabaseAdmin } from './supabase-admin.ts';
import { accountIdOf, type AccountId } from '../../src/domain/ids.ts';

/** public.subscriptions as the functions read it (the service client is untyped). */
export interface SubscriptionRow {
  account_id: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  plan_id: string;
  status: string;
  cancel_at: string | null;
  target_plan_id: string | null;
  overdue_date: string | null;
  deadline_date: string | null;
}

const COLUMNS =
  'account_id, stripe_customer_id, stripe_subscription_id, plan_id, status, cancel_at, target_plan_id, overdue_date, deadline_date';

/** Stripe statuses under which the seller has (or is still owed) a paid plan. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);
/** Row statuses with a subscription Stripe may still bill: no second one may be started. */
const HELD_STATUSES = new Set([...LIVE_STATUSES, 'paused']);

export function isLive(row: Pick<SubscriptionRow, 'stripe_subscription_id' | 'status'>): boolean {
  return row.stripe_subscription_id !== null && HELD_STATUSES.has(row.status);
}

export async function getSubscriptionRow(accountId: AccountId): Promise<SubscriptionRow | null> {
  const { data, error } = await supabaseAdmin()
    .from('subscriptions')
    .select(COLUMNS)
    .eq('account_id', accountId)
    .maybeSingle();
  if (error) throw error;
  return data as SubscriptionRow | null;
}

async function findRow(column: string, value: string): Promise<SubscriptionRow | null> {
  const { data, error } = await supabaseAdmin()
    .from('subscriptions')
    .select(COLUMNS)
    .eq(column, value)
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data as SubscriptionRow | null;
}

/**
 * The account a Stripe subscription belongs to: the account id we put in its metadata at
 * checkout, else the row that already holds its id or its customer. Subscriptions made before
 * the metadata named the account carry it as `user_id` (the seller's own account, whose id was
 * theirs and stays the account's): that key is still read, so their events still find it.
 */
export async function findOwner(sub: Stripe.Subscription): Promise<AccountId | null> {
  const fromMetadata = accountFromMetadata(sub.metadata);
  if (fromMetadata) return fromMetadata;
  const bySubscription = await findRow('stripe_subscription_id', sub.id);
  if (bySubscription) return accountIdOf(bySubscription.account_id);
  const byCustomer = await findRow('stripe_customer_id', customerId(sub.customer));
  return byCustomer ? accountIdOf(byCustomer.account_id) : null;
}

/**
 * The account named by Stripe metadata we wrote: `account_id`, or `user_id` on objects made
 * before it was called that (checkout sessions, subscriptions and customers of the time).
 */
export function accountFromMetadata(
  metadata: Record<string, string> | null | undefined,
): AccountId | null {
  const id = metadata?.account_id || metadata?.user_id;
  return id ? accountIdOf(id) : null;
}

export function customerId(customer: string | { id: string } | null): string {
  return typeof customer === 'string' ? customer : (customer?.id ?? '');
}

/**
 * Every account has its row from sign-up (private.handle_new_user), so this only updates; an
 * account deleted since gives null, and its late Stripe events are acknowledged and dropped.
 */
export async function updateSubscriptionRow(
  accountId: AccountId,
  patch: Partial<Omit<SubscriptionRow, 'account_id'>>,
): Promise<SubscriptionRow | null> {
  const { data, error } = await supabaseAdmin()
    .from('subscriptions')
    .update(patch)
    .eq('account_id', accountId)
    .select(COLUMNS)
    .maybeSingle();
  if (error) throw error;
  return data as SubscriptionRow | null;
}

/**
 * Stores the seller's Stripe customer unless one is stored already, and returns the one that is:
 * two checkouts started at once then share a customer instead of each keeping its own.
 */
export async function setCustomerIfNone(accountId: AccountId, customer: string): Promise<string> {
  const { data, error } = await supabaseAdmin()
    .from('subscriptions')
    .update({ stripe_customer_id: customer })
    .eq('account_id', accountId)
    .is('stripe_customer_id', null)
    .select('stripe_customer_id')
    .maybeSingle();
  if (error) throw error;
  if (data) return customer;
  return (await getSubscriptionRow(accountId))?.stripe_customer_id ?? customer;
}

const iso = (seconds: number | null | undefined): string | null =>
  seconds ? new Date(seconds * 1000).toISOString() : null;

/** When the current paid period ends (Stripe keeps it per subscription item). */
export function periodEnd(sub: Stripe.Subscription): number | null {
  return sub.items.data[0]?.current_period_end ?? null;
}

/** When a scheduled cancellation takes effect, or null when none is scheduled. */
export function cancellationDate(sub: Stripe.Subscription): string | null {
  if (sub.cancel_at) return iso(sub.cancel_at);
  return sub.cancel_at_period_end ? iso(periodEnd(sub)) : null;
}

export interface SyncOptions {
  /** invoice.payment_failed: overdue even if Stripe has not moved the status yet. */
  paymentFailed?: boolean;
  /** invoice.payment_failed: Stripe's next retry (unix seconds); the deadline is never before it. */
  nextPaymentAttempt?: number | null;
  /** When `sub` was requested from Stripe; a write based on an older read is skipped. */
  readAt?: Date;
  now?: Date;
}

/**
 * Writes Stripe state read at `readAt`, unless the row already holds state read later (a
 * webhook that fetched before a plan change must not undo it). Returns the row as it now is.
 */
async function writeSynced(
  accountId: AccountId,
  patch: Partial<Omit<SubscriptionRow, 'account_id'>>,
  readAt: Date,
): Promise<SubscriptionRow | null> {
  const at = readAt.toISOString();
  const { data, error } = await supabaseAdmin()
    .from('subscriptions')
    .update({ ...patch, stripe_synced_at: at })
    .eq('account_id', accountId)
    .lte('stripe_synced_at', at)
    .select(COLUMNS)
    .maybeSingle();
  if (error) throw error;
  return (data as SubscriptionRow | null) ?? getSubscriptionRow(accountId);
}

/**
 * Makes our row tell the truth about a Stripe subscription. Callers pass the subscription as
 * just retrieved from Stripe, never an event's possibly stale copy, so events arriving out of
 * order or twice still converge on Stripe's current state.
 *
 * - active / trialing: the plan its price sells; a scheduled cancellation shows as cancel_at
 *   with target_plan_id 'free'; a payment received clears the overdue dates.
 * - past_due / unpaid: the plan stays while Stripe retries; overdue_date is when it first became
 *   overdue and deadline_date the end of the retry window (OVERDUE_GRACE_DAYS after it, never
 *   before Stripe's next retry). Nothing is deleted here: netlify/lib/overdue.ts does that once
 *   Stripe gives up.
 * - paused, or collection paused (pause_collection): Stockroom is not being paid, so the plan's
 *   limits are Free's until it resumes; nothing is deleted and the subscription is kept.
 * - canceled / incomplete_expired: Free. An unresolved overdue period is kept, so the overdue
 *   downgrade still removes the excess (docs/product.md#overdue-payments).
 * - incomplete: nothing is granted yet; the row is left as it is.
 */
export async function syncSubscription(
  env: StripeEnv,
  accountId: AccountId,
  sub: Stripe.Subscription,
  options: SyncOptions = {},
): Promise<SubscriptionRow | null> {
  const now = options.now ?? new Date();
  const readAt = options.readAt ?? now;
  const row = await getSubscriptionRow(accountId);

  // An older subscription's late events must not undo the one the seller has now.
  if (row && row.stripe_subscription_id && row.stripe_subscription_id !== sub.id && isLive(row)) {
    const incomingLive = LIVE_STATUSES.has(sub.status);
    if (!incomingLive) return row;
  }

  const ids = { stripe_subscription_id: sub.id, stripe_customer_id: customerId(sub.customer) };
  const priceId = sub.items.data[0]?.price?.id;
  const plan = planForPrice(env, priceId);

  const overdue = options.paymentFailed || sub.status === 'past_due' || sub.status === 'unpaid';
  if (overdue && LIVE_STATUSES.has(sub.status)) {
    const overdueDate = row?.overdue_date ?? now.toISOString();
    const deadline = new Date(
      Math.max(
        row?.deadline_date
          ? Date.parse(row.deadline_date)
          : Date.parse(overdueDate) + env.OVERDUE_GRACE_DAYS * 86_400_000,
        (options.nextPaymentAttempt ?? 0) * 1000,
      ),
    ).toISOString();
    return writeSynced(
      accountId,
      {
        ...ids,
        ...(plan ? { plan_id: plan } : {}),
        status: 'past_due',
        cancel_at: cancellationDate(sub),
        target_plan_id: cancellationDate(sub) ? 'free' : null,
        overdue_date: overdueDate,
        deadline_date: deadline,
      },
      readAt,
    );
  }

  if (sub.status === 'paused' || (sub.pause_collection && sub.status === 'active')) {
    return writeSynced(
      accountId,
      { ...ids, plan_id: 'free', status: 'paused', cancel_at: null, target_plan_id: null },
      readAt,
    );
  }

  switch (sub.status) {
    case 'active':
    case 'trialing': {
      if (!plan) {
        console.warn(`stripe: subscription ${sub.id} has a price that is not a Stockroom plan`);
        return row;
      }
      const cancelAt = cancellationDate(sub);
      return writeSynced(
        accountId,
        {
          ...ids,
          plan_id: plan,
          status: sub.status,
          cancel_at: cancelAt,
          target_plan_id: cancelAt ? 'free' : null,
          overdue_date: null,
          deadline_date: null,
        },
        readAt,
      );
    }
    case 'canceled':
    case 'incomplete_expired':
      return writeSynced(
        accountId,
        {
          ...ids,
          plan_id: 'free',
          status: 'canceled',
          cancel_at: null,
          target_plan_id: null,
        },
        readAt,
      );
    default:
      return row;
  }
}
