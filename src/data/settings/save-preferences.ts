import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Database, Json } from '../../lib/database.types';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { preferencesKeys } from './keys';
import { preferencesFromRow, type Preferences } from './preferences';
import type { AccountId } from '../../domain/ids';

export type PreferencesPatch = Partial<Preferences>;
type PreferencesRow = Database['public']['Tables']['user_preferences']['Insert'];

/** The row to write: the jsonb columns as plain JSON values. */
export function preferencesRow(accountId: AccountId, patch: PreferencesPatch): PreferencesRow {
  const { expiry_notifications, storage_colors, ...plain } = patch;
  return {
    ...plain,
    ...(expiry_notifications === undefined
      ? {}
      : {
          expiry_notifications: expiry_notifications.map(({ days, enabled }) => ({
            days,
            enabled,
          })),
        }),
    ...(storage_colors === undefined
      ? {}
      : { storage_colors: storage_colors as unknown as NonNullable<Json> }),
    account_id: accountId,
  };
}

/**
 * Saves some preferences (an upsert, docs/product.md#server-calls) and returns the row as stored.
 */
export async function savePreferences(
  accountId: AccountId,
  patch: PreferencesPatch,
): Promise<Preferences> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('user_preferences')
    .upsert(preferencesRow(accountId, patch), { onConflict: 'account_id' })
    .select('*')
    .single();
  if (error) throw toDataError(error);
  return preferencesFromRow(data);
}

/**
 * Saves and puts the stored result in the cache, so every screen sees it at once; the settings
 * screen toasts the outcome itself.
 */
export function useSavePreferences(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<Preferences, PreferencesPatch> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => {
      if (!accountId) throw new Error('User must be logged in');
      return savePreferences(accountId, patch);
    },
    onSuccess: (saved, patch) => {
      queryClient.setQueryData(preferencesKeys.detail(accountId), saved);
      onSuccess?.(saved, patch);
    },
    onError,
  });
}
