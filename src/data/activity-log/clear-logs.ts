import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { activityLogKeys } from './keys';
import type { AccountId } from '../../domain/ids';

/** Deletes every log line of the seller (docs/product.md#activity-log). */
export async function clearLogs(accountId: AccountId): Promise<void> {
  const { error } = await supabase.from('storage_logs').delete().eq('account_id', accountId);
  if (error) throw toDataError(error, 'The activity log could not be cleared');
}

export function useClearLogs(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<void, void> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearLogs(accountId),
    onSuccess,
    onError,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: activityLogKeys.byAccount(accountId) }),
  });
}
