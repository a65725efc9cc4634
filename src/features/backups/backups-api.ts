import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { currentPlanId, useSubscription } from '../subscription';
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
    queryFn: mayRestore,
    enabled: Boolean(user),
  });
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

/** What one backup holds that is no longer in the stockroom (while its dialog is open). */
export function useDeletedThings(backupId: string | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: backupKeys.deleted(user?.id ?? '', backupId ?? ''),
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
