import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { currentPlanId, useSubscription } from '../subscription';
import { loadSupabase } from '../../lib/supabase-client';
import { backupKeys } from './keys';

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
  if (error) throw error;
  return data;
}

export function useBackups() {
  const { user } = useAuth();
  return useQuery({
    queryKey: backupKeys.list(user?.id ?? ''),
    queryFn: listBackups,
    enabled: Boolean(user),
  });
}

/** Whether the seller's plan may restore; the server decides again on restore (SPEC 6). */
export function useRestoreAllowed() {
  const { user } = useAuth();
  // Keyed by the subscription's plan so a plan change (billing) asks the server again.
  const subscription = useSubscription(user?.id);
  return useQuery({
    queryKey: backupKeys.restoreAllowed(user?.id ?? '', currentPlanId(subscription.data)),
    queryFn: async () => {
      const supabase = await loadSupabase();
      const { data, error } = await supabase.rpc('has_plan_feature', {
        p_feature: 'restore_backup',
      });
      if (error) throw error;
      return data;
    },
    enabled: Boolean(user),
  });
}

export async function takeBackup(): Promise<BackupSummary> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('create_backup');
  if (error) throw error;
  return { backup_id: data.backup_id, created_at: data.created_at, item_count: data.item_count };
}

export async function downloadBackup(backupId: string): Promise<unknown> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('backups')
    .select('backup_id, created_at, item_count, snapshot')
    .eq('backup_id', backupId)
    .single();
  if (error) throw error;
  return data;
}

export async function restoreBackup(backupId: string): Promise<unknown> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('restore_backup', { p_backup_id: backupId });
  if (error) throw error;
  return data;
}

export function useTakeBackup() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list(user?.id ?? '') }),
  });
}

export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBackup,
    // Storage, items, logs, notifications: everything on screen may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
