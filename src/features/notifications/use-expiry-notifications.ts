import { useEffect, useMemo } from 'react';
import { useAccountId } from '../account';
import { notify, notifyExpiry } from '../../components/toasts';
import { expiryNotifications, expiryToastText, type ExpiryNotification } from '../../domain/expiry';
import { errorMessage } from '../../lib/errors';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { usePreferences } from '../../data/settings/get-preferences';
import {
  dismissalsFromRows,
  parseAnnounced,
  stillAnnounced,
  toAnnounce,
  type AnnouncedRecord,
} from './announcements';
import {
  useDismissNotifications,
  useRefreshNotifications,
} from '../../data/notifications/dismiss-notifications';
import { useDismissals } from '../../data/notifications/get-dismissals';
import { useExpiringItems } from '../../data/notifications/get-expiring-items';
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
 * Expiry notifications (docs/product.md#expiry-notifications) for the signed-in seller: worked out
 * from their items, their reminder settings and their dismissals; checked on sign-in and again each
 * new day while the app is open, toasting what is new (one toast: its message, or 'N items need
 * attention').
 */
export function useExpiryNotifications() {
  const { session } = useAuth();
  // The stockroom's scope (the account acted on); the sign-in below is the person's.
  const accountId = useAccountId();
  const signIn = session?.user.last_sign_in_at ?? '';
  const today = useToday();
  const preferences = usePreferences(accountId);
  const items = useExpiringItems(accountId, today);
  const dismissals = useDismissals(accountId);

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
    if (!ready || !accountId) return;
    const current = { accountId, signIn, date: today };
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
  }, [ready, notifications, accountId, signIn, today]);

  // Low-stock entries are dismissed the same way (the bell passes both kinds).
  const dismiss = useDismissNotifications(accountId, {
    onError: (error) => notify(messages.genericError(errorMessage(error))),
  });
  const refresh = useRefreshNotifications(accountId);

  return {
    notifications,
    loading: !ready && (items.isPending || dismissals.isPending || preferences.isPending),
    failed: items.isError || dismissals.isError || preferences.isError,
    refresh,
    dismiss,
  };
}
