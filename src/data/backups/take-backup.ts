import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { backupKeys } from './keys';
import type { BackupSummary } from './list-backups';

export async function takeBackup(): Promise<BackupSummary> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('create_backup');
  if (error) throw toDataError(error, 'The backup could not be taken');
  return {
    backup_id: data.backup_id,
    created_at: data.created_at,
    item_count: data.item_count,
    room_count: data.room_count ?? 0,
    unit_count: data.unit_count ?? 0,
  };
}

/** Takes a backup now; the list is read again. */
export function useTakeBackup(accountId: AccountId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list(accountId) }),
  });
}
