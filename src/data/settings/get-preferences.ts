import { queryOptions } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { preferencesKeys } from './keys';
import { preferencesFromRow, type Preferences } from './preferences';

/**
 * The seller's preferences (SPEC 7: user_preferences select, insert defaults). Accounts get
 * their row with every default at sign-up; one missing (an account older than that trigger) is
 * created here with the database defaults, so what is saved later is an update of a real row.
 */
export async function getPreferences(userId: string): Promise<Preferences> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('user_preferences')
    .select('*')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw toDataError(error);
  if (data) return preferencesFromRow(data);
  const inserted = await supabase
    .from('user_preferences')
    .upsert({ user_id: userId }, { onConflict: 'user_id', ignoreDuplicates: true })
    .select('*')
    .maybeSingle();
  if (inserted.error) throw toDataError(inserted.error);
  return preferencesFromRow(inserted.data);
}

export function preferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: preferencesKeys.detail(userId),
    queryFn: () => getPreferences(userId),
    // Preferences change only from this screen, which updates the cache itself.
    staleTime: 5 * 60_000,
  });
}
