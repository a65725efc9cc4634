import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { subscriptionKeys } from './keys';

const COLUMNS =
  'id, user_id, plan_id, status, cancel_at, target_plan_id, overdue_date, deadline_date';

/** The signed-in user's subscription row (SPEC 7: subscriptions select by user_id). */
export async function getSubscription(userId: string) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('subscriptions')
    .select(COLUMNS)
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw toDataError(error, 'Your plan could not be loaded');
  return data;
}

export type Subscription = NonNullable<Awaited<ReturnType<typeof getSubscription>>>;

export function subscriptionQueryOptions(userId: string) {
  return queryOptions({
    queryKey: subscriptionKeys.byUser(userId),
    queryFn: () => getSubscription(userId),
    // Billing changes happen elsewhere (Stripe's pages, webhooks): coming back to the tab should
    // show them, e.g. clear the overdue banner once the card was updated.
    refetchOnWindowFocus: true,
  });
}

export function useSubscription(userId: string | undefined) {
  return useQuery({
    ...subscriptionQueryOptions(userId ?? ''),
    enabled: userId !== undefined,
  });
}
