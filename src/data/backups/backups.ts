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
