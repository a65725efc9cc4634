import { useMemo } from 'react';
import { useStockroomId } from '../account';
import { useQuery } from '@tanstack/react-query';
import { lowStockNotifications, type LowStockNotification } from '../../domain/low-stock';
import { useAuth } from '../auth';
import { dismissalsFromRows } from './announcements';
import { fetchDismissals } from '../../data/notifications/expiry';
import { fetchLowStockItems } from '../../data/notifications/low-stock';
import { notificationKeys } from '../../data/notifications/keys';
import { useToday } from './use-today';

/**
 * The bell's low and out-of-stock entries (issue #25, point 5): the database's low_stock_items()
 * less what the seller dismissed (the same dismissals as the expiry ones, one query shared).
 */
export function useLowStockNotifications() {
  const { user } = useAuth();
  const stockroomId = useStockroomId();
  const userId = stockroomId;
  const today = useToday();
  const items = useQuery({
    queryKey: notificationKeys.lowStock(userId),
    queryFn: fetchLowStockItems,
    enabled: Boolean(user && userId),
    staleTime: 5 * 60_000,
  });
  const dismissals = useQuery({
    queryKey: notificationKeys.dismissals(userId),
    queryFn: () => fetchDismissals(new Date()),
    enabled: Boolean(user && userId),
    staleTime: 5 * 60_000,
  });
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
