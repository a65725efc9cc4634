import { stripeEnv } from '../lib/env.ts';
import { collectionState, downgradeOverdue, type Downgrade } from '../lib/overdue.ts';
import { scheduledFunction } from '../lib/scheduled.ts';
import { stripeClient } from '../lib/stripe.ts';
import { syncSubscription } from '../lib/subscriptions.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';
import { accountIdOf, type AccountId } from '../../src/domain/ids.ts';

interface Overdue {
  /** The account (the column keeps its old name until the schema renames it). */
  account_id: string;
  stripe_subscription_id: string | null;
  deadline_date: string | null;
}

/**
 * Scheduled (hourly), the safety net behind stripe-webhook: for every overdue account it asks
 * Stripe where collection stands (netlify/lib/overdue.ts). Still retrying: left alone, whatever
 * the date. Given up (canceled, unpaid, or no retry left): moved to Free and its excess deleted,
 * as the overdue banner warned. Paid: the row is brought up to date. An overdue row without a
 * subscription (nothing Stripe could collect) goes at its deadline. Safe to run any number of
 * times; only Netlify's scheduler may run it (locally: POST /_scheduler/enforce-overdue-deadline).
 */
export default scheduledFunction(
  'enforce-overdue-deadline',
  'Could not enforce overdue deadlines',
  async () => {
    const { data, error } = await supabaseAdmin()
      .from('subscriptions')
      .select('account_id, stripe_subscription_id, deadline_date')
      .not('overdue_date', 'is', null);
    if (error) throw error;

    const downgraded: Array<{ accountId: AccountId } & Downgrade> = [];
    const collecting: AccountId[] = [];
    const failed: AccountId[] = [];
    for (const row of (data ?? []) as Overdue[]) {
      const accountId = accountIdOf(row.account_id);
      try {
        const env = stripeEnv();
        const stripe = stripeClient(env);
        if (!row.stripe_subscription_id) {
          if (row.deadline_date && Date.parse(row.deadline_date) > Date.now()) continue;
          const r = await downgradeOverdue(stripe, accountId, null);
          if (r) downgraded.push({ accountId, ...r });
          continue;
        }
        const readAt = new Date();
        const { collection, sub } = await collectionState(stripe, row.stripe_subscription_id);
        if (collection === 'collecting') collecting.push(accountId);
        else if (collection === 'paid') await syncSubscription(env, accountId, sub!, { readAt });
        else {
          const r = await downgradeOverdue(stripe, accountId, sub);
          if (r) downgraded.push({ accountId, ...r });
        }
      } catch (rowError) {
        failed.push(accountId);
        console.error(
          `enforce-overdue-deadline: account ${accountId}:`,
          (rowError as Error).message,
        );
      }
    }
    return { downgraded, collecting, failed };
  },
);

export const config = { schedule: '@hourly' };
