import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { activityLogKeys } from './keys';

/** Deletes every log line of the seller (SPEC 7: delete all of the user's logs). */
export async function clearLogs(userId: string): Promise<void> {
  const { error } = await supabase.from('storage_logs').delete().eq('user_id', userId);
  if (error) throw toDataError(error, 'The activity log could not be cleared');
}

export function useClearLogs(
  userId: string,
  { onSuccess, onError }: MutationCallbacks<void, void> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearLogs(userId),
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityLogKeys.byUser(userId) }),
  });
}
