import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import type { RestorableKind } from './list-deleted-things';

export interface RestoreOneInput {
  backupId: string;
  kind: RestorableKind;
  id: string;
  /** where it goes when its place is gone (a unit: that shelf's isle; a shelf: its unit) */
  shelfId?: string | null;
}

export interface RestoredOne {
  kind: RestorableKind;
  name: string;
  place: string;
  items: number;
  /** the backup's photos of what came back that were listed again (their rows had gone) */
  photos: number;
  /** the backup's photos that could not come back: files removed since, or no room */
  photos_skipped: number;
}

/** Brings one deleted thing back from a backup; the server refuses in words when it cannot. */
export async function restoreOne(input: RestoreOneInput): Promise<RestoredOne> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('restore_from_backup', {
    p_backup_id: input.backupId,
    p_kind: input.kind,
    p_id: input.id,
    ...(input.shelfId ? { p_shelf_id: input.shelfId } : {}),
  });
  if (error) throw toDataError(error, 'It could not be restored');
  return data as unknown as RestoredOne;
}

/** The storage tree, the items, the log and the backup's list all changed: all read again. */
export function useRestoreOne() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreOne,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
