import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStockroomId, useAccountPlanId } from '../account';
import { useAuth } from '../auth';
import {
  listBackups,
  listDeletedThings,
  mayRestore,
  restoreBackup,
  restoreOne,
  takeBackup,
} from '../../data/backups/backups';
import { backupKeys } from '../../data/backups/keys';

export {
  downloadBackup,
  type BackupSummary,
  type DeletedThing,
  type RestoredOne,
} from '../../data/backups/backups';

export function useBackups() {
  const { user } = useAuth();
  const stockroomId = useStockroomId();
  return useQuery({
    queryKey: backupKeys.list(stockroomId),
    queryFn: listBackups,
    enabled: Boolean(user && stockroomId),
  });
}

/** Whether the seller's plan may restore; the server decides again on restore (SPEC 6). */
export function useRestoreAllowed() {
  const { user } = useAuth();
  const stockroomId = useStockroomId();
  // Keyed by the subscription's plan so a plan change (billing) asks the server again.
  return useQuery({
    queryKey: backupKeys.restoreAllowed(stockroomId, useAccountPlanId()),
    queryFn: mayRestore,
    enabled: Boolean(user && stockroomId),
  });
}

export function useTakeBackup() {
  const stockroomId = useStockroomId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupKeys.list(stockroomId) }),
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

/** What one backup holds that is no longer in the stockroom (while its dialog is open). */
export function useDeletedThings(backupId: string | null) {
  const { user } = useAuth();
  const stockroomId = useStockroomId();
  return useQuery({
    queryKey: backupKeys.deleted(stockroomId, backupId ?? ''),
    queryFn: () => listDeletedThings(backupId ?? ''),
    enabled: Boolean(user && backupId),
  });
}

export function useRestoreOne() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreOne,
    // The storage tree, the items, the log and this list all changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
