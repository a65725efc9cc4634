import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { backupKeys } from './keys';

export interface BackupSummary {
  backup_id: string;
  created_at: string;
  item_count: number;
  /** rooms and units the snapshot holds, against the plan's limits before a restore */
  room_count: number;
  unit_count: number;
}

/** The account's backups, newest first; the snapshots stay on the server until downloaded. */
export async function listBackups(): Promise<BackupSummary[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('backups')
    .select('backup_id, created_at, item_count, room_count, unit_count')
    .order('created_at', { ascending: false });
  if (error) throw toDataError(error, 'Your backups could not be loaded');
  // generated columns are typed nullable; the snapshot always gives them a count
  return data.map((row) => ({
    ...row,
    room_count: row.room_count ?? 0,
    unit_count: row.unit_count ?? 0,
  }));
}

export function backupsQueryOptions(accountId: AccountId) {
  return queryOptions({ queryKey: backupKeys.list(accountId), queryFn: listBackups });
}

/** Nothing is asked for without an account (signed out, or not known yet). */
export function useBackups(accountId: AccountId) {
  return useQuery({ ...backupsQueryOptions(accountId), enabled: Boolean(accountId) });
}
