import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';

/** What restore_backup brought back; photos: the backup's photos listed again or left out. */
export interface RestoredBackup {
  rooms: number;
  isles: number;
  units: number;
  shelves: number;
  items: number;
  photos: number;
  /** photos whose files were removed since the backup (or with no room left): not restored */
  photos_skipped: number;
}

export async function restoreBackup(backupId: string): Promise<RestoredBackup> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('restore_backup', { p_backup_id: backupId });
  if (error) throw toDataError(error, 'The backup could not be restored');
  return data as unknown as RestoredBackup;
}

/** Restores a whole backup; storage, items, logs, notifications: everything may have changed. */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
