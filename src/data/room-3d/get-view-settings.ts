import { useQuery } from '@tanstack/react-query';
import type { StorageColours } from '../../domain/colour-schemes';
import type { AccountId } from '../../domain/ids';
import { preferencesQueryOptions } from '../settings/get-preferences';
import type { Preferences } from '../settings/preferences';

export interface ViewSettings {
  floorSize: number;
  colours: StorageColours;
}

/** The preferences the 3D view draws with: floor size and unit colours. */
export function viewSettingsFrom(preferences: Preferences): ViewSettings {
  return { floorSize: preferences.floor_size, colours: preferences.storage_colors };
}

/**
 * Read from the account's one preferences entry; re-read when the view mounts, as Settings
 * writes them.
 */
export function useViewSettings(accountId: AccountId) {
  return useQuery({
    ...preferencesQueryOptions(accountId),
    select: viewSettingsFrom,
    staleTime: 0,
  });
}
