import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { subscriptionKeys } from './keys';
import { NO_ACCOUNT, type AccountId } from '../../domain/ids';

const COLUMNS =
  'id, account_id, plan_id, status, cancel_at, target_plan_id, overdue_date, deadline_date';

/**
 * The account's subscription row (docs/product.md#server-calls: by account_id).
 * Only the owner may read it; for anyone else the database answers with none.
 */
export async function getSubscription(accountId: AccountId) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('subscriptions')
    .select(COLUMNS)
    .eq('account_id', accountId)
    .maybeSingle();
  if (error) throw toDataError(error, 'Your plan could not be loaded');
  return data;
}

export type Subscription = NonNullable<Awaited<ReturnType<typeof getSubscription>>>;

export function subscriptionQueryOptions(accountId: AccountId) {
  return queryOptions({
    queryKey: subscriptionKeys.byAccount(accountId),
    queryFn: () => getSubscription(accountId),
    // Billing changes happen elsewhere (Stripe's pages, webhooks): coming back to the tab should
    // show them, e.g. clear the overdue banner once the card was updated.
    refetchOnWindowFocus: true,
  });
}

/**
 * The account's subscription row; nothing is asked for without an account (signed out).
 * `pollEveryMs` reads it again on a timer (back from Stripe Checkout, until the webhook has
 * recorded the new plan).
 */
export function useSubscription(
  accountId: AccountId | undefined,
  { pollEveryMs }: { pollEveryMs?: number | false } = {},
) {
  return useQuery({
    ...subscriptionQueryOptions(accountId ?? NO_ACCOUNT),
    enabled: Boolean(accountId),
    refetchInterval: pollEveryMs ?? false,
  });
}
