import { useQuery } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { notificationKeys } from './keys';

/**
 * low_stock_items(): the seller's items at 0 or at or below their reorder level, with where
 * they sit, fewest left first. Only those rows travel, however big the inventory.
 */
export async function fetchLowStockItems() {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('low_stock_items');
  if (error) throw toDataError(error, 'Low stock items could not be loaded');
  return data;
}

export function useLowStockItems(accountId: AccountId) {
  return useQuery({
    queryKey: notificationKeys.lowStock(accountId),
    queryFn: fetchLowStockItems,
    enabled: Boolean(accountId),
    staleTime: 5 * 60_000,
  });
}
