import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dismissalsSince } from '../../domain/expiry';
import type { AccountId } from '../../domain/ids';
import { loadSupabase } from '../../lib/supabase-client';
import { toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import type { Dismissal } from './get-dismissals';
import { notificationKeys } from './keys';

/**
 * Remembers dismissals on the server (not raised again for 30 days,
 * docs/product.md#expiry-notifications).
 */
export async function dismissNotifications(
  notifications: readonly { id: string; item_id: string }[],
  now: Date,
): Promise<void> {
  if (notifications.length === 0) return;
  const supabase = await loadSupabase();
  const { error } = await supabase.from('dismissed_notifications').upsert(
    notifications.map((notification) => ({
      notification_id: notification.id,
      item_id: notification.item_id,
      // a second dismissal restarts the 30 days
      dismissed_at: now.toISOString(),
    })),
    { onConflict: 'account_id,notification_id' },
  );
  if (error) throw toDataError(error, 'The notifications could not be dismissed');
  // Dismissals past their memory silence nothing; clearing them keeps the table small. A
  // failure here costs nothing, so it is not reported.
  await supabase.from('dismissed_notifications').delete().lt('dismissed_at', dismissalsSince(now));
}

export type DismissedEntry = { id: string; item_id: string };

/**
 * Dismisses entries of the bell (expiry and low-stock alike): gone from the panel at once, then
 * the refetch confirms what the server holds.
 */
export function useDismissNotifications(
  accountId: AccountId,
  { onSuccess, onError }: MutationCallbacks<void, readonly DismissedEntry[]> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chosen: readonly DismissedEntry[]) => dismissNotifications(chosen, new Date()),
    onSuccess: (_done, chosen) => {
      const key = notificationKeys.dismissals(accountId);
      const at = new Date().toISOString();
      queryClient.setQueryData(key, (rows: Dismissal[] = []) => [
        ...rows,
        ...chosen.map((n) => ({ notification_id: n.id, dismissed_at: at })),
      ]);
      onSuccess?.(undefined, chosen);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError,
  });
}

/** Reads every notification query of the account again (the bell's refresh). */
export function useRefreshNotifications(accountId: AccountId) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(accountId) });
}
