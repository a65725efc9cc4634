import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';

export async function restoreBackup(backupId: string): Promise<unknown> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('restore_backup', { p_backup_id: backupId });
  if (error) throw toDataError(error, 'The backup could not be restored');
  return data;
}

/** Restores a whole backup; storage, items, logs, notifications: everything may have changed. */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
