import { loadSupabase } from '../../lib/supabase-client';
import { dismissalsSince, EXPIRY_WINDOW_DAYS, type ExpiringItem } from '../../domain/expiry';
import { toDataError } from '../errors';

const PAGE = 1000; // PostgREST's max rows per request

function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

/**
 * Items that can need attention on `today`: a date within the window or already past (SPEC 4).
 * Only those rows travel, however big the inventory; paged for sellers with thousands.
 */
export async function fetchExpiringItems(today: string): Promise<ExpiringItem[]> {
  const supabase = await loadSupabase();
  const until = addDays(today, EXPIRY_WINDOW_DAYS);
  const items: ExpiringItem[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await supabase
      .from('storage_items')
      .select('item_id, item_name, expiry_date, quantity, active')
      .not('expiry_date', 'is', null)
      .lte('expiry_date', until)
      .order('expiry_date')
      .order('item_id')
      .range(from, from + PAGE - 1);
    if (error) throw toDataError(error, 'Expiring items could not be loaded');
    items.push(...data);
    if (data.length < PAGE) break;
  }
  return items;
}

export async function fetchDismissals(now: Date) {
  const supabase = await loadSupabase();
  const { data, error } = await supabase
    .from('dismissed_notifications')
    .select('notification_id, dismissed_at')
    .gte('dismissed_at', dismissalsSince(now));
  if (error) throw toDataError(error, 'Dismissed notifications could not be loaded');
  return data;
}

/** Remembers dismissals on the server (SPEC 4: not raised again for 30 days). */
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
    { onConflict: 'user_id,notification_id' },
  );
  if (error) throw toDataError(error, 'The notifications could not be dismissed');
  // Dismissals past their memory silence nothing; clearing them keeps the table small. A
  // failure here costs nothing, so it is not reported.
  await supabase.from('dismissed_notifications').delete().lt('dismissed_at', dismissalsSince(now));
}
