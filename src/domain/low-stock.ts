// Low and out of stock (issue #25, point 5), pure (tests/unit/domain/low-stock.test.ts). The
// same rule as the database's low_stock_items(): an item is out of stock at 0, and low at or
// below its optional reorder level.
import { isStillDismissed, type DismissedNotification } from './expiry';

export interface StockLevel {
  quantity: number;
  reorder_level: number | null;
}

export type StockState = 'out' | 'low' | 'ok';

export function stockState(item: StockLevel): StockState {
  if (item.quantity <= 0) return 'out';
  if (item.reorder_level !== null && item.quantity <= item.reorder_level) return 'low';
  return 'ok';
}

export function isLowStock(item: StockLevel): boolean {
  return stockState(item) !== 'ok';
}

/**
 * The items needing restock, worst first: fewest left first (so every out-of-stock item leads),
 * then the highest reorder level (the one that runs out fastest), then by name.
 */
export function lowStockFirst<T extends StockLevel & { item_name: string }>(
  items: readonly T[],
): T[] {
  return items
    .filter(isLowStock)
    .sort(
      (a, b) =>
        a.quantity - b.quantity ||
        (b.reorder_level ?? -1) - (a.reorder_level ?? -1) ||
        a.item_name.localeCompare(b.item_name),
    );
}

/** 'Out of stock' or '2 left (reorder at 3)': what the screen and the bell say of an item. */
export function stockMessage(item: StockLevel & { item_name: string }): string {
  if (item.quantity <= 0) return `${item.item_name} is out of stock`;
  return `${item.item_name} is low: ${item.quantity} left (reorder at ${item.reorder_level ?? 0})`;
}

export interface LowStockRow extends StockLevel {
  item_id: string;
  item_name: string;
}

/** A bell entry: one per item, dismissable like an expiry one. */
export interface LowStockNotification {
  id: string;
  type: 'low-stock';
  item_id: string;
  item_name: string;
  message: string;
  out_of_stock: boolean;
}

/**
 * The bell's low-stock entries. The id holds the quantity, so a dismissal silences this level
 * only: the item selling down further (or running out) raises it again.
 */
export function lowStockNotifications(args: {
  items: readonly LowStockRow[];
  today: string;
  dismissed?: readonly DismissedNotification[];
}): LowStockNotification[] {
  const silenced = new Set(
    (args.dismissed ?? [])
      .filter((entry) => isStillDismissed(entry.dismissed_on, args.today))
      .map((entry) => entry.id),
  );
  return lowStockFirst(args.items)
    .map((item) => ({
      id: `low-stock:${item.item_id}:${item.quantity}`,
      type: 'low-stock' as const,
      item_id: item.item_id,
      item_name: item.item_name,
      message: stockMessage(item),
      out_of_stock: item.quantity <= 0,
    }))
    .filter((notification) => !silenced.has(notification.id));
}
