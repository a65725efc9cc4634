import { useQuery } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import { backupKeys } from './keys';

/**
 * Whether the account's plan may restore; the server decides again on restore
 * (docs/product.md#backups).
 */
export async function mayRestore(): Promise<boolean> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('has_plan_feature', { p_feature: 'restore_backup' });
  if (error) throw toDataError(error);
  return data;
}

/** Keyed by the account's plan so a plan change (billing) asks the server again. */
export function useRestoreAllowed(accountId: AccountId, planId: string) {
  return useQuery({
    queryKey: backupKeys.restoreAllowed(accountId, planId),
    queryFn: mayRestore,
    enabled: Boolean(accountId),
  });
}
