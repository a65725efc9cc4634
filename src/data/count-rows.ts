import { loadSupabase } from '../lib/supabase-client';
import { toDataError } from './errors';
import type { AccountId } from '../domain/ids';

/** How many rows of a limited kind the seller holds (a head request: no rows travel). */
export async function countOwnRows(
  table: 'storage_items' | 'storage_units' | 'storage_rooms',
  accountId: AccountId,
  failure?: string,
): Promise<number> {
  const supabase = await loadSupabase();
  const { count, error } = await supabase
    .from(table)
    .select('*', { count: 'exact', head: true })
    .eq('account_id', accountId);
  if (error) throw toDataError(error, failure);
  return count ?? 0;
}
