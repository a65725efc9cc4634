import { useMutation } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { texts } from '../../lib/messages';
import { callBillingFunction } from './billing-functions';
import { useRefreshBilling } from './refresh-billing';

export interface ArchiveResult {
  archived: boolean;
  planId: string;
  backupId: string | null;
  removed: { rooms: number; isles: number; units: number; items: number };
}

/** Keeps a backup, then removes what the account stores over its plan's limits. */
export function archiveExcessStorage(): Promise<ArchiveResult> {
  return callBillingFunction<ArchiveResult>('archive-excess-storage', {}, texts.archiveFailed);
}

export function useArchiveExcessStorage(accountId: AccountId) {
  const refresh = useRefreshBilling(accountId);
  return useMutation({ mutationFn: archiveExcessStorage, onSettled: refresh });
}
