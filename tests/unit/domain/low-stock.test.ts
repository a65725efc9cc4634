// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  isLowStock,
  lowStockFirst,
  lowStockNotifications,
  stockMessage,
  stockState,
} from '../../../src/domain/low-stock';

const row = (item_name: string, quantity: number, reorder_level: number | null) => ({
  item_id: `id-${item_name}`,
  item_name,
  quantity,
  reorder_level,
});

describe('low stock', () => {
  it('is out at 0, low at or below the reorder level, fine above it or without one', () => {
    expect(stockState(row('a', 0, null))).toBe('out');
    expect(stockState(row('a', 0, 3))).toBe('out');
    expect(stockState(row('a', 3, 3))).toBe('low');
    expect(stockState(row('a', 2, 3))).toBe('low');
    expect(stockState(row('a', 4, 3))).toBe('ok');
    expect(stockState(row('a', 1, null))).toBe('ok');
    expect(stockState(row('a', 0, 0))).toBe('out');
    expect(isLowStock(row('a', 1, 0))).toBe(false);
  });

  it('lists the worst first: fewest left, then the highest level, then by name', () => {
    const items = [
      row('Plenty', 9, 2),
      row('At level', 3, 3),
      row('Empty b', 0, null),
      row('Empty a', 0, null),
      row('Empty high', 0, 10),
      row('One left', 1, 5),
    ];
    expect(lowStockFirst(items).map((item) => item.item_name)).toEqual([
      'Empty high',
      'Empty a',
      'Empty b',
      'One left',
      'At level',
    ]);
  });

  it('says what is wrong in words', () => {
    expect(stockMessage(row('Tape', 0, 2))).toBe('Tape is out of stock');
    expect(stockMessage(row('Tape', 2, 3))).toBe('Tape is low: 2 left (reorder at 3)');
  });

  it('bell entries: one per item, silenced by a dismissal of that level for 30 days', () => {
    const items = [row('Tape', 2, 3), row('Boxes', 0, null)];
    const all = lowStockNotifications({ items, today: '2030-01-10' });
    expect(all.map((n) => [n.id, n.message, n.out_of_stock])).toEqual([
      ['low-stock:id-Boxes:0', 'Boxes is out of stock', true],
      ['low-stock:id-Tape:2', 'Tape is low: 2 left (reorder at 3)', false],
    ]);
    const dismissed = [{ id: 'low-stock:id-Tape:2', dismissed_on: '2030-01-01' }];
    expect(
      lowStockNotifications({ items, today: '2030-01-10', dismissed }).map((n) => n.item_id),
    ).toEqual(['id-Boxes']);
    // selling one more raises it again
    expect(
      lowStockNotifications({ items: [row('Tape', 1, 3)], today: '2030-01-10', dismissed }),
    ).toHaveLength(1);
    // a dismissal 30 days old no longer silences
    expect(
      lowStockNotifications({ items, today: '2030-01-31', dismissed }).map((n) => n.item_id),
    ).toEqual(['id-Boxes', 'id-Tape']);
  });
});
