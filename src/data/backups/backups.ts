import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';

export interface BackupSummary {
  backup_id: string;
  created_at: string;
  item_count: number;
}

/** The seller's backups, newest first; the snapshots stay on the server until downloaded. */
export async function listBackups(): Promise<BackupSummary[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('backups')
    .select('backup_id, created_at, item_count')
    .order('created_at', { ascending: false });
  if (error) throw toDataError(error, 'Your backups could not be loaded');
  return data;
}

/** Whether the seller's plan may restore; the server decides again on restore (SPEC 6). */
export async function mayRestore(): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('has_plan_feature', { p_feature: 'restore_backup' });
  if (error) throw toDataError(error);
  return data;
}

export async function takeBackup(): Promise<BackupSummary> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('create_backup');
  if (error) throw toDataError(error, 'The backup could not be taken');
  return { backup_id: data.backup_id, created_at: data.created_at, item_count: data.item_count };
}

/** One backup with its snapshot, for the seller to keep as a file. */
export async function downloadBackup(backupId: string): Promise<unknown> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('backups')
    .select('backup_id, created_at, item_count, snapshot')
    .eq('backup_id', backupId)
    .single();
  if (error) throw toDataError(error, 'The backup could not be downloaded');
  return data;
}

export async function restoreBackup(backupId: string): Promise<unknown> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('restore_backup', { p_backup_id: backupId });
  if (error) throw toDataError(error, 'The backup could not be restored');
  return data;
}
