import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { AppError, errorMessage } from '../../lib/errors';
import { messages } from '../../lib/messages';
import { activityLogKeys } from './keys';

/** Deletes every log line of the seller (SPEC 7: delete all of the user's logs). */
export async function clearLogs(userId: string): Promise<void> {
  const { error } = await supabase.from('storage_logs').delete().eq('user_id', userId);
  if (error)
    throw new AppError(errorMessage(error) ?? 'The activity log could not be cleared', {
      toast: messages.logsClear(errorMessage(error)),
      cause: error,
    });
}

export function useClearLogs(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearLogs(userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityLogKeys.byUser(userId) }),
  });
}
