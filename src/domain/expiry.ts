import { daysBetween } from './calendar-date';

/**
 * Only items expiring this soon (or already expired) can raise a notification
 * (docs/product.md#expiry-notifications).
 */
export const EXPIRY_WINDOW_DAYS = 30;
/**
 * A dismissed notification stays quiet this long, then may be raised again
 * (docs/product.md#expiry-notifications).
 */
export const DISMISSAL_MEMORY_DAYS = 30;
export const EXPIRY_TOAST_MS = 5000;

export interface ExpirySetting {
  days: number;
  enabled: boolean;
}

export const DEFAULT_EXPIRY_SETTINGS: readonly ExpirySetting[] = [
  { days: 30, enabled: true },
  { days: 60, enabled: true },
  { days: 90, enabled: true },
];

export interface ExpiringItem {
  item_id: string;
  item_name: string;
  expiry_date: string | null;
  quantity?: number | null;
  active?: boolean | null;
}

/** A notification as docs/product.md#expiry-notifications raises it. */
export interface ExpiryNotification {
  id: string;
  type: 'expiry';
  item_id: string;
  item_name: string;
  message: string;
  days_until_expiry: number;
  created_at: string;
  read: boolean;
}

export interface DismissedNotification {
  id: string;
  /** The seller's local date of the dismissal, 'YYYY-MM-DD'. */
  dismissed_on: string;
}

/** Calendar days from `today` to the expiry date; negative once expired; null without a real date. */
export function daysUntilExpiry(
  expiryDate: string | null | undefined,
  today: string,
): number | null {
  if (!expiryDate) return null;
  return daysBetween(today, expiryDate);
}

/**
 * How an expiry date is flagged where stock is listed: 'expired' once past, 'soon' within
 * EXPIRY_WINDOW_DAYS (the window notifications use), otherwise nothing.
 */
export function expiryLevel(
  expiryDate: string | null | undefined,
  today: string,
): 'expired' | 'soon' | null {
  const days = daysUntilExpiry(expiryDate, today);
  if (days === null) return null;
  if (days < 0) return 'expired';
  return days <= EXPIRY_WINDOW_DAYS ? 'soon' : null;
}

export function expiryMessage(itemName: string, daysLeft: number): string {
  if (daysLeft > 1) return `${itemName} expires in ${daysLeft} days`;
  if (daysLeft === 1) return `${itemName} expires tomorrow`;
  if (daysLeft === 0) return `${itemName} expires today`;
  if (daysLeft === -1) return `${itemName} expired yesterday`;
  return `${itemName} expired ${-daysLeft} days ago`;
}

// What a notification is about, so a dismissal sticks to it: the reminder for one setting, or
// "this item has expired". The expiry date is part of it, so changing the date starts afresh.
type Reason = { kind: 'reminder'; days: number } | { kind: 'expired' };

function notificationId(item: ExpiringItem, reason: Reason): string {
  const what = reason.kind === 'expired' ? 'expired' : `${reason.days}d`;
  return `expiry:${item.item_id}:${item.expiry_date ?? ''}:${what}`;
}

/**
 * Why an item needs attention today, or null (docs/product.md#expiry-notifications): within the
 * 30-day window and days-left equal to an enabled setting. An expired item can never equal a
 * setting, yet the rule counts "past" as in the window, so an expired item is its own reason,
 * raised while the seller has any expiry reminder on (none enabled means they asked for no expiry
 * notifications at all).
 */
function reasonFor(daysLeft: number, settings: readonly ExpirySetting[]): Reason | null {
  const enabled = settings.filter((setting) => setting.enabled && Number.isInteger(setting.days));
  if (enabled.length === 0 || daysLeft > EXPIRY_WINDOW_DAYS) return null;
  if (daysLeft < 0) return { kind: 'expired' };
  return enabled.some((setting) => setting.days === daysLeft)
    ? { kind: 'reminder', days: daysLeft }
    : null;
}

/** Whether a dismissal made on `dismissedOn` still silences its notification on `today`. */
export function isStillDismissed(dismissedOn: string, today: string): boolean {
  const age = daysBetween(dismissedOn, today);
  // A dismissal dated in the future (clock changes) is treated as made today.
  return age !== null && age < DISMISSAL_MEMORY_DAYS;
}

/** Dismissals worth keeping in storage; older ones no longer silence anything. */
export function pruneDismissed(
  dismissed: readonly DismissedNotification[],
  today: string,
): DismissedNotification[] {
  return dismissed.filter((entry) => isStillDismissed(entry.dismissed_on, today));
}

/**
 * The notifications to raise on `today` (the seller's local date) for their items. `now` is the
 * creation timestamp written on each. Inactive items and items with nothing left in stock are
 * skipped: there is nothing on the shelf to go off.
 */
export function expiryNotifications(args: {
  items: readonly ExpiringItem[];
  settings: readonly ExpirySetting[];
  today: string;
  now: string;
  dismissed?: readonly DismissedNotification[];
}): ExpiryNotification[] {
  const silenced = new Set(
    (args.dismissed ?? [])
      .filter((entry) => isStillDismissed(entry.dismissed_on, args.today))
      .map((entry) => entry.id),
  );
  const notifications: ExpiryNotification[] = [];
  for (const item of args.items) {
    if (
      item.active === false ||
      (item.quantity !== undefined && item.quantity !== null && item.quantity <= 0)
    )
      continue;
    const daysLeft = daysUntilExpiry(item.expiry_date, args.today);
    if (daysLeft === null) continue;
    const reason = reasonFor(daysLeft, args.settings);
    if (!reason) continue;
    const id = notificationId(item, reason);
    if (silenced.has(id)) continue;
    notifications.push({
      id,
      type: 'expiry',
      item_id: item.item_id,
      item_name: item.item_name,
      message: expiryMessage(item.item_name, daysLeft),
      days_until_expiry: daysLeft,
      created_at: args.now,
      read: false,
    });
  }
  // Most urgent first: the panel and a single toast should lead with what expires soonest.
  return notifications.sort((a, b) => a.days_until_expiry - b.days_until_expiry);
}

/** The toast for a check: one notification speaks for itself, several are summed up. */
export function expiryToastText(
  notifications: readonly Pick<ExpiryNotification, 'message'>[],
): string | null {
  const [first] = notifications;
  if (first === undefined) return null;
  if (notifications.length === 1) return first.message;
  return `${notifications.length} items need attention`;
}

export function dismiss(notificationId: string, today: string): DismissedNotification {
  return { id: notificationId, dismissed_on: today };
}

/** The oldest dismissal time still worth fetching: a day beyond the memory, for time zones. */
export function dismissalsSince(now: Date): string {
  return new Date(now.getTime() - (DISMISSAL_MEMORY_DAYS + 1) * 86_400_000).toISOString();
}
