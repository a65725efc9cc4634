import { useQuery } from '@tanstack/react-query';
import type { StorageColours } from '../../domain/colour-schemes';
import { preferencesQueryOptions } from '../../data/settings/get-preferences';
import type { Preferences } from '../../data/settings/preferences';

export interface ViewSettings {
  floorSize: number;
  colours: StorageColours;
}

/** The preferences the 3D view draws with: floor size and unit colours. */
export function viewSettingsFrom(preferences: Preferences): ViewSettings {
  return { floorSize: preferences.floor_size, colours: preferences.storage_colors };
}

/** Read from the seller's one preferences entry; re-read when the view mounts, as Settings writes them. */
export function useViewSettings(userId: string) {
  return useQuery({ ...preferencesQueryOptions(userId), select: viewSettingsFrom, staleTime: 0 });
}
