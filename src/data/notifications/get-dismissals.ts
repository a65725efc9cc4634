import { useQuery } from '@tanstack/react-query';
import { dismissalsSince } from '../../domain/expiry';
import type { AccountId } from '../../domain/ids';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { notificationKeys } from './keys';

/**
 * The dismissals still remembered (30 days, docs/product.md#expiry-notifications), of expiry and
 * low-stock entries alike.
 */
export async function fetchDismissals(now: Date) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('dismissed_notifications')
    .select('notification_id, dismissed_at')
    .gte('dismissed_at', dismissalsSince(now));
  if (error) throw toDataError(error, 'Dismissed notifications could not be loaded');
  return data;
}

export type Dismissal = Awaited<ReturnType<typeof fetchDismissals>>[number];

/** One query shared by the expiry and the low-stock entries. */
export function useDismissals(accountId: AccountId) {
  return useQuery({
    queryKey: notificationKeys.dismissals(accountId),
    queryFn: () => fetchDismissals(new Date()),
    enabled: Boolean(accountId),
    staleTime: 5 * 60_000,
  });
}
