import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageColours } from '../../domain/colour-schemes';
import { supabase } from '../../lib/supabase';
import { inventoryKeys } from './keys';

export interface DisplayPreferences {
  currency: string;
  date_format: string;
  storage_colors: StorageColours;
}

export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = {
  currency: 'USD',
  date_format: 'US',
  storage_colors: { currentScheme: 'default' },
};

/**
 * The preferences the inventory shows things with: currency, date format, unit colours. Read
 * only here; the settings screen owns writing them. A missing row means the defaults (SPEC 3).
 */
export async function getDisplayPreferences(userId: string): Promise<DisplayPreferences> {
  const { data, error } = await supabase
    .from('user_preferences')
    .select('currency, date_format, storage_colors')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return DEFAULT_DISPLAY_PREFERENCES;
  const colours = data.storage_colors;
  return {
    currency: data.currency,
    date_format: data.date_format,
    storage_colors:
      colours && typeof colours === 'object' && !Array.isArray(colours)
        ? (colours as StorageColours)
        : DEFAULT_DISPLAY_PREFERENCES.storage_colors,
  };
}

export function displayPreferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: inventoryKeys.preferences(userId),
    queryFn: () => getDisplayPreferences(userId),
    // Settings may have changed them on another screen: re-read whenever the inventory mounts.
    staleTime: 0,
  });
}

export function useDisplayPreferences(userId: string) {
  return useQuery(displayPreferencesQueryOptions(userId));
}
