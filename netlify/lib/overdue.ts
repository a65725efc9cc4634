import type Stripe from 'stripe';
import { isResourceMissing } from './stripe.ts';
import { supabaseAdmin } from './supabase-admin.ts';
import type { AccountId } from '../../src/domain/ids.ts';

/**
 * The overdue downgrade (docs/product.md#overdue-payments), driven by Stripe's own final state:
 * nothing is deleted while Stripe can still collect. Stripe retries a failed invoice on its Smart
 * Retries schedule (by default 8 tries over up to 2 weeks), and after the last try does what the
 * account's setting says: cancel the subscription, mark it unpaid, or leave it past_due. Each of
 * these is "Stripe gave up"; until then the seller keeps their plan and their data.
 */

export type Collection =
  /** Paid (active or trialing): nothing is overdue any more. */
  | 'paid'
  /** Stripe will try again (an open invoice with a next_payment_attempt), or is not billing yet. */
  | 'collecting'
  /** Stripe will not collect: canceled, unpaid, or past_due with no retry left; or gone. */
  | 'gave-up';

const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);

function invoiceId(ref: string | Stripe.Invoice | null): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : (ref.id ?? null);
}

/** Where Stripe stands on collecting a subscription, as just read from Stripe. */
export async function collectionState(
  stripe: Stripe,
  subscriptionId: string,
): Promise<{ collection: Collection; sub: Stripe.Subscription | null }> {
  let sub: Stripe.Subscription;
  try {
    sub = await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (isResourceMissing(error)) return { collection: 'gave-up', sub: null };
    throw error;
  }
  if (sub.status === 'active' || sub.status === 'trialing') return { collection: 'paid', sub };
  if (ENDED.has(sub.status)) return { collection: 'gave-up', sub };
  if (sub.status !== 'past_due') return { collection: 'collecting', sub };
  const latest = invoiceId(sub.latest_invoice);
  if (!latest) return { collection: 'gave-up', sub };
  const invoice = await stripe.invoices.retrieve(latest);
  return {
    collection:
      invoice.status === 'open' && !invoice.next_payment_attempt ? 'gave-up' : 'collecting',
    sub,
  };
}

export interface Downgrade {
  previous_plan: string;
  rooms_removed: number;
  isles_removed: number;
  units_removed: number;
  items_removed: number;
}

/**
 * Once Stripe has given up: the subscription is cancelled in Stripe if it is not already (an
 * unpaid or past_due one would otherwise let an old invoice be paid after the data is gone), the
 * deadline becomes now, and one SQL transaction (public.downgrade_overdue_account) moves the
 * account to Free and deletes what is over Free's limits, newest first, logged. Null when the
 * account is not overdue (paid meanwhile, or already downgraded).
 */
export async function downgradeOverdue(
  stripe: Stripe,
  accountId: AccountId,
  sub: Stripe.Subscription | null,
): Promise<Downgrade | null> {
  if (sub && sub.status !== 'canceled' && sub.status !== 'incomplete_expired') {
    try {
      await stripe.subscriptions.cancel(sub.id, { invoice_now: false, prorate: false });
    } catch (error) {
      if (!isResourceMissing(error)) throw error;
    }
  }
  const db = supabaseAdmin();
  const now = new Date().toISOString();
  const { error: dateError } = await db
    .from('subscriptions')
    .update({ deadline_date: now })
    .eq('account_id', accountId)
    .not('overdue_date', 'is', null)
    .gt('deadline_date', now);
  if (dateError) throw dateError;
  const { data, error } = await db.rpc('downgrade_overdue_account', { p_account_id: accountId });
  if (error) throw error;
  if (!data) return null;
  const r = data as Downgrade;
  // Ids and counts only: enough to audit, nothing personal.
  console.log(
    `overdue downgrade: account ${accountId} ${r.previous_plan} -> free; removed ` +
      `${r.rooms_removed} rooms, ${r.units_removed} units, ${r.items_removed} items`,
  );
  return r;
}
