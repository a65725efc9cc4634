import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { preferencesKeys } from './keys';
import { preferencesFromRow, type Preferences } from './preferences';
import type { AccountId } from '../../domain/ids';

/**
 * The seller's preferences (docs/product.md#server-calls: read, or made with the defaults).
 * Accounts get their row with every default at sign-up; one missing (an account older than that
 * trigger) is created here with the database defaults, so what is saved later is an update of a
 * real row.
 */
export async function getPreferences(accountId: AccountId): Promise<Preferences> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('user_preferences')
    .select('*')
    .eq('account_id', accountId)
    .maybeSingle();
  if (error) throw toDataError(error);
  if (data) return preferencesFromRow(data);
  const inserted = await supabase
    .from('user_preferences')
    .upsert({ account_id: accountId }, { onConflict: 'account_id', ignoreDuplicates: true })
    .select('*')
    .maybeSingle();
  if (inserted.error) throw toDataError(inserted.error);
  return preferencesFromRow(inserted.data);
}

export function preferencesQueryOptions(accountId: AccountId) {
  return queryOptions({
    queryKey: preferencesKeys.detail(accountId),
    queryFn: () => getPreferences(accountId),
    // Preferences change only from this screen, which updates the cache itself.
    staleTime: 5 * 60_000,
  });
}

/**
 * The account's preferences, for any screen (currency, dates, colours, drag_confirm...). No
 * account yet (a code step to pass, my_accounts on its way): nothing is asked for.
 */
export function usePreferences(accountId: AccountId) {
  return useQuery({ ...preferencesQueryOptions(accountId), enabled: Boolean(accountId) });
}
