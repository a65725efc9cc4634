import { useQuery } from '@tanstack/react-query';
import { EXPIRY_WINDOW_DAYS, type ExpiringItem } from '../../domain/expiry';
import type { AccountId } from '../../domain/ids';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { notificationKeys } from './keys';

const PAGE = 1000; // PostgREST's max rows per request

function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

/**
 * Items that can need attention on `today`: a date within the window or already past
 * (docs/product.md#expiry-notifications).
 * Only those rows travel, however big the inventory; paged for sellers with thousands.
 */
export async function fetchExpiringItems(today: string): Promise<ExpiringItem[]> {
  const supabase = await loadSupabase();
  const until = addDays(today, EXPIRY_WINDOW_DAYS);
  const items: ExpiringItem[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await supabase
      .from('storage_items')
      .select('item_id, item_name, expiry_date, quantity, active')
      .not('expiry_date', 'is', null)
      .lte('expiry_date', until)
      .order('expiry_date')
      .order('item_id')
      .range(from, from + PAGE - 1);
    if (error) throw toDataError(error, 'Expiring items could not be loaded');
    items.push(...data);
    if (data.length < PAGE) break;
  }
  return items;
}

/** The account's items that can need attention on `today` (one entry per day). */
export function useExpiringItems(accountId: AccountId, today: string) {
  return useQuery({
    queryKey: notificationKeys.expiringItems(accountId, today),
    queryFn: () => fetchExpiringItems(today),
    enabled: Boolean(accountId),
    staleTime: 5 * 60_000,
  });
}
