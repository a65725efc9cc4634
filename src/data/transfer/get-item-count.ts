import { queryOptions } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { dataTransferKeys } from './keys';

/** How many items the seller has, for the plan-limit check before an import. */
export async function getItemCount(userId: string): Promise<number> {
  const { count, error } = await supabase
    .from('storage_items')
    .select('item_id', { count: 'exact', head: true })
    .eq('user_id', userId);
  if (error) throw toDataError(error);
  return count ?? 0;
}

export function itemCountQueryOptions(userId: string) {
  return queryOptions({
    queryKey: dataTransferKeys.itemCount(userId),
    queryFn: () => getItemCount(userId),
    staleTime: 0,
  });
}
