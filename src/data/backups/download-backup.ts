import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';

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
