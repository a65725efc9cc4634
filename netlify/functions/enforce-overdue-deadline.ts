import { stripeEnv } from '../lib/env.ts';
import { json, jsonError, methodNotAllowed } from '../lib/http.ts';
import { isResourceMissing, stripeClient } from '../lib/stripe.ts';
import { supabaseAdmin } from '../lib/supabase-admin.ts';

interface Overdue {
  user_id: string;
  stripe_subscription_id: string | null;
  status: string;
}

interface Downgrade {
  previous_plan: string;
  rooms_removed: number;
  isles_removed: number;
  units_removed: number;
  items_removed: number;
}

/**
 * Scheduled (hourly). SPEC 4: when an overdue payment has not arrived by deadline_date, the
 * account moves to Free and the rooms, units and items beyond Free's limits are permanently
 * deleted, newest first, each kind logged in the seller's activity log — exactly what the
 * overdue banner warned. The Stripe subscription is cancelled first so the seller is not charged
 * for a plan they no longer have; then one SQL transaction (public.downgrade_overdue_account)
 * re-checks the deadline under a lock, downgrades and deletes. A payment that lands in between
 * clears the overdue date and wins. Safe to run any number of times; on Netlify a scheduled
 * function has no public URL, locally it runs on demand with a POST.
 */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST' && req.method !== 'GET') return methodNotAllowed('POST');
  const db = supabaseAdmin();
  const { data, error } = await db
    .from('subscriptions')
    .select('user_id, stripe_subscription_id, status')
    .not('overdue_date', 'is', null)
    .lte('deadline_date', new Date().toISOString());
  if (error) {
    console.error('enforce-overdue-deadline:', error.message);
    return jsonError(500, 'Could not read overdue subscriptions');
  }

  const downgraded: Array<{ userId: string } & Downgrade> = [];
  const failed: string[] = [];
  for (const row of (data ?? []) as Overdue[]) {
    try {
      if (row.stripe_subscription_id && row.status !== 'canceled') {
        try {
          await stripeClient(stripeEnv()).subscriptions.cancel(row.stripe_subscription_id, {
            invoice_now: false,
            prorate: false,
          });
        } catch (stripeError) {
          if (!isResourceMissing(stripeError)) throw stripeError;
        }
      }
      const { data: result, error: rpcError } = await db.rpc('downgrade_overdue_account', {
        p_user_id: row.user_id,
      });
      if (rpcError) throw rpcError;
      if (!result) continue; // paid in the meantime
      const r = result as Downgrade;
      downgraded.push({ userId: row.user_id, ...r });
      // Ids and counts only: enough to audit, nothing personal.
      console.log(
        `enforce-overdue-deadline: user ${row.user_id} ${r.previous_plan} -> free; removed ` +
          `${r.rooms_removed} rooms, ${r.units_removed} units, ${r.items_removed} items`,
      );
    } catch (rowError) {
      failed.push(row.user_id);
      console.error(`enforce-overdue-deadline: user ${row.user_id}:`, (rowError as Error).message);
    }
  }
  return json({ downgraded, failed }, failed.length ? 500 : 200);
};

export const config = { schedule: '@hourly' };
