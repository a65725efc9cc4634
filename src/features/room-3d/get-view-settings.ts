import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageColours } from '../../domain/colour-schemes';
import { supabase } from '../../lib/supabase';
import { room3dKeys } from './keys';

export interface ViewSettings {
  floorSize: number;
  colours: StorageColours;
}

/** SPEC 3 defaults: floor_size 20, the default colour scheme. */
export const DEFAULT_VIEW_SETTINGS: ViewSettings = {
  floorSize: 20,
  colours: { currentScheme: 'default' },
};

/** The preferences the 3D view draws with: floor size and unit colours. Written by Settings. */
export async function getViewSettings(userId: string): Promise<ViewSettings> {
  const { data, error } = await supabase
    .from('user_preferences')
    .select('floor_size, storage_colors')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return DEFAULT_VIEW_SETTINGS;
  const colours = data.storage_colors;
  return {
    floorSize: data.floor_size > 0 ? data.floor_size : DEFAULT_VIEW_SETTINGS.floorSize,
    colours:
      colours && typeof colours === 'object' && !Array.isArray(colours)
        ? (colours as StorageColours)
        : DEFAULT_VIEW_SETTINGS.colours,
  };
}

export function viewSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: room3dKeys.settings(userId),
    queryFn: () => getViewSettings(userId),
    // Settings may have changed them on another screen: re-read whenever the view mounts.
    staleTime: 0,
  });
}

export function useViewSettings(userId: string) {
  return useQuery(viewSettingsQueryOptions(userId));
}
