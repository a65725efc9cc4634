import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { backupKeys } from './keys';

export interface BackupSummary {
  backup_id: string;
  created_at: string;
  item_count: number;
}

/** The account's backups, newest first; the snapshots stay on the server until downloaded. */
export async function listBackups(): Promise<BackupSummary[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('backups')
    .select('backup_id, created_at, item_count')
    .order('created_at', { ascending: false });
  if (error) throw toDataError(error, 'Your backups could not be loaded');
  return data;
}

export function backupsQueryOptions(accountId: AccountId) {
  return queryOptions({ queryKey: backupKeys.list(accountId), queryFn: listBackups });
}

/** Nothing is asked for without an account (signed out, or not known yet). */
export function useBackups(accountId: AccountId) {
  return useQuery({ ...backupsQueryOptions(accountId), enabled: Boolean(accountId) });
}
