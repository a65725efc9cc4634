import { useEffect, useMemo } from 'react';
import { useStockroomId } from '../account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify, notifyExpiry } from '../../components/toasts';
import { expiryNotifications, expiryToastText, type ExpiryNotification } from '../../domain/expiry';
import { errorMessage } from '../../lib/errors';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { usePreferences } from '../settings';
import {
  dismissalsFromRows,
  parseAnnounced,
  stillAnnounced,
  toAnnounce,
  type AnnouncedRecord,
} from './announcements';
import {
  dismissNotifications,
  fetchDismissals,
  fetchExpiringItems,
} from '../../data/notifications/expiry';
import { notificationKeys } from '../../data/notifications/keys';
import { useToday } from './use-today';

const ANNOUNCED_KEY = 'stockroom.expiry-announced';

function readAnnounced(): AnnouncedRecord | null {
  try {
    return parseAnnounced(window.sessionStorage.getItem(ANNOUNCED_KEY));
  } catch {
    return null;
  }
}

function writeAnnounced(record: AnnouncedRecord): void {
  try {
    window.sessionStorage.setItem(ANNOUNCED_KEY, JSON.stringify(record));
  } catch {
    // storage full or blocked: the worst case is one more toast after a reload
  }
}

/**
 * Expiry notifications (SPEC 4) for the signed-in seller: worked out from their items, their
 * reminder settings and their dismissals; checked on sign-in and again each new day while the
 * app is open, toasting what is new (one toast: its message, or 'N items need attention').
 */
export function useExpiryNotifications() {
  const { session } = useAuth();
  // The stockroom's scope (the account acted on); the sign-in below is the person's.
  const userId = useStockroomId();
  const signIn = session?.user.last_sign_in_at ?? '';
  const today = useToday();
  const queryClient = useQueryClient();
  const preferences = usePreferences();

  const items = useQuery({
    queryKey: notificationKeys.expiringItems(userId, today),
    queryFn: () => fetchExpiringItems(today),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
  const dismissals = useQuery({
    queryKey: notificationKeys.dismissals(userId),
    queryFn: () => fetchDismissals(new Date()),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });

  const ready = items.isSuccess && dismissals.isSuccess && preferences.isSuccess;
  const notifications = useMemo<ExpiryNotification[]>(() => {
    if (!items.data || !dismissals.data || !preferences.data) return [];
    return expiryNotifications({
      items: items.data,
      settings: preferences.data.expiry_notifications,
      today,
      now: new Date().toISOString(),
      dismissed: dismissalsFromRows(dismissals.data),
    });
  }, [items.data, dismissals.data, preferences.data, today]);

  useEffect(() => {
    if (!ready || !userId) return;
    const current = { userId, signIn, date: today };
    const announced = stillAnnounced(readAnnounced(), current);
    const fresh = toAnnounce(notifications, announced);
    if (fresh.length === 0) return;
    const text = expiryToastText(fresh);
    if (text !== null) {
      notifyExpiry(
        fresh.length === 1 ? messages.expiryOne(text) : messages.expiryMany(fresh.length),
        { id: 'expiry' },
      );
    }
    writeAnnounced({ ...current, ids: [...announced, ...fresh.map((n) => n.id)] });
  }, [ready, notifications, userId, signIn, today]);

  const dismiss = useMutation({
    // Low-stock entries are dismissed the same way (the bell passes both kinds).
    mutationFn: (chosen: readonly { id: string; item_id: string }[]) =>
      dismissNotifications(chosen, new Date()),
    onSuccess: (_done, chosen) => {
      // Gone from the panel at once; the refetch then confirms what the server holds.
      const key = notificationKeys.dismissals(userId);
      const at = new Date().toISOString();
      queryClient.setQueryData(key, (rows: Awaited<ReturnType<typeof fetchDismissals>> = []) => [
        ...rows,
        ...chosen.map((n) => ({ notification_id: n.id, dismissed_at: at })),
      ]);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notify(messages.genericError(errorMessage(error))),
  });

  return {
    notifications,
    loading: !ready && (items.isPending || dismissals.isPending || preferences.isPending),
    failed: items.isError || dismissals.isError || preferences.isError,
    refresh: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
    dismiss,
  };
}
