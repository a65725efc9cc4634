import type { Usage } from '../../domain/plans';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';

async function countRows(
  table: 'storage_items' | 'storage_units' | 'storage_rooms',
  userId: string,
) {
  const supabase = await loadSupabase();
  const { count, error } = await supabase
    .from(table)
    .select('*', { count: 'exact', head: true })
    .eq('user_id', userId);
  if (error) throw toDataError(error, 'Your usage could not be counted');
  return count ?? 0;
}

/** How much the seller stores, to show against the plan's limits. */
export async function getUsage(userId: string): Promise<Usage> {
  const [items, units, rooms] = await Promise.all([
    countRows('storage_items', userId),
    countRows('storage_units', userId),
    countRows('storage_rooms', userId),
  ]);
  return { items, units, rooms };
}
