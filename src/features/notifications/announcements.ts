import { localIsoDate } from '../../domain/calendar-date';
import type { DismissedNotification } from '../../domain/expiry';
import { accountIdOf, type AccountId } from '../../domain/ids';

/**
 * Which notifications were already toasted, so a reload does not toast them again. They are
 * announced once per sign-in and day: a new sign-in or a new day (the daily check) announces
 * again, a reload within the same sign-in does not. Pure; the caller stores the record.
 */
export interface AnnouncedRecord {
  /** The account whose items they are. */
  accountId: AccountId;
  /** The sign-in it belongs to (the user's last_sign_in_at). */
  signIn: string;
  date: string;
  ids: string[];
}

export function stillAnnounced(
  record: AnnouncedRecord | null,
  current: { accountId: AccountId; signIn: string; date: string },
): Set<string> {
  if (
    !record ||
    record.accountId !== current.accountId ||
    record.signIn !== current.signIn ||
    record.date !== current.date
  )
    return new Set();
  return new Set(record.ids);
}

/** The notifications to toast now: those not yet announced for this sign-in today. */
export function toAnnounce<T extends { id: string }>(
  notifications: readonly T[],
  announced: ReadonlySet<string>,
): T[] {
  return notifications.filter((notification) => !announced.has(notification.id));
}

export function parseAnnounced(text: string | null): AnnouncedRecord | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof AnnouncedRecord | 'userId', unknown>>;
    // Records written before the field was named for what it holds called the account `userId`.
    const accountId = value.accountId ?? value.userId;
    if (
      typeof accountId === 'string' &&
      typeof value.signIn === 'string' &&
      typeof value.date === 'string' &&
      Array.isArray(value.ids) &&
      value.ids.every((id) => typeof id === 'string')
    )
      return {
        accountId: accountIdOf(accountId),
        signIn: value.signIn,
        date: value.date,
        ids: value.ids as string[],
      };
  } catch {
    // a damaged record only means announcing again
  }
  return null;
}

/** Dismissal rows from the server as the expiry rule reads them (the seller's local date). */
export function dismissalsFromRows(
  rows: readonly { notification_id: string; dismissed_at: string }[],
): DismissedNotification[] {
  return rows.flatMap((row) => {
    const at = new Date(row.dismissed_at);
    return Number.isNaN(at.getTime())
      ? []
      : [{ id: row.notification_id, dismissed_on: localIsoDate(at) }];
  });
}
