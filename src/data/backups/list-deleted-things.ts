import { useQuery } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { backupKeys } from './keys';

export type RestorableKind = 'item' | 'shelf' | 'unit';

/** A thing a backup holds that is no longer in the stockroom, and where it was. */
export interface DeletedThing {
  kind: RestorableKind;
  id: string;
  name: string;
  /** 'Garage › Isle 1 › Unit A › Shelf 2' as the backup had it */
  place: string;
  /** false: that place is gone and a shelf must be chosen */
  place_exists: boolean;
  /** the items it holds (a unit or shelf), or the item's quantity */
  item_count: number;
}

/** The deleted units, shelves and items one backup could bring back, units first. */
export async function listDeletedThings(backupId: string): Promise<DeletedThing[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('backup_deleted_things', { p_backup_id: backupId });
  if (error) throw toDataError(error, 'What this backup holds could not be read');
  return data.map((row) => ({ ...row, kind: row.kind as RestorableKind }));
}

/** What one backup holds that is no longer in the stockroom (while its dialog is open). */
export function useDeletedThings(accountId: AccountId, backupId: string | null) {
  return useQuery({
    queryKey: backupKeys.deleted(accountId, backupId ?? ''),
    queryFn: () => listDeletedThings(backupId ?? ''),
    enabled: Boolean(accountId && backupId),
  });
}
