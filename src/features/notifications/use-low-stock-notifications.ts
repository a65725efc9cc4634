import { useMemo } from 'react';
import { useAccountId } from '../account';
import { lowStockNotifications, type LowStockNotification } from '../../domain/low-stock';
import { dismissalsFromRows } from './announcements';
import { useDismissals } from '../../data/notifications/get-dismissals';
import { useLowStockItems } from '../../data/notifications/get-low-stock-items';
import { useToday } from './use-today';

/**
 * The bell's low and out-of-stock entries (issue #25, point 5): the database's low_stock_items()
 * less what the seller dismissed (the same dismissals as the expiry ones, one query shared).
 */
export function useLowStockNotifications() {
  const accountId = useAccountId();
  const today = useToday();
  const items = useLowStockItems(accountId);
  const dismissals = useDismissals(accountId);
  const notifications = useMemo<LowStockNotification[]>(() => {
    if (!items.data || !dismissals.data) return [];
    return lowStockNotifications({
      items: items.data,
      today,
      dismissed: dismissalsFromRows(dismissals.data),
    });
  }, [items.data, dismissals.data, today]);
  return { notifications, failed: items.isError };
}
