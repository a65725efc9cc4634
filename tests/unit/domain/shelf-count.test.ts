import { describe, expect, it } from 'vitest';
import {
  applyText,
  countRows,
  countShelfPath,
  daysSinceCounted,
  expectedOnShelf,
  foundLines,
  itemsForCode,
  lastCountedText,
  summarize,
  summaryText,
  type CountItem,
} from '../../../src/domain/shelf-count';

const item = (id: string, shelf: string | null, quantity: number, barcode: string | null = null) =>
  ({
    item_id: id,
    item_name: `Item ${id}`,
    quantity,
    shelf_id: shelf,
    barcode,
  }) satisfies CountItem;

const items = [
  item('a', 's1', 1, '111'),
  item('b', 's1', 2),
  item('c', 's1', 3),
  item('d', 's2', 4, '444'),
];
const byId = new Map(items.map((i) => [i.item_id, i]));

describe('shelf count', () => {
  it('takes the shelf as it is when the count begins', () => {
    expect(expectedOnShelf(items, 's1')).toEqual([
      { item_id: 'a', quantity: 1 },
      { item_id: 'b', quantity: 2 },
      { item_id: 'c', quantity: 3 },
    ]);
  });

  it('sorts what was found into as expected, missing, quantity off and unexpected', () => {
    const expected = expectedOnShelf(items, 's1');
    const found = new Map([
      ['a', 1],
      ['c', 5],
      ['d', 4],
      ['x', 1],
    ]);
    const rows = countRows(expected, found, byId);
    expect(rows.map((row) => [row.item.item_id, row.expected, row.found, row.state])).toEqual([
      ['a', 1, 1, 'ok'],
      ['b', 2, 0, 'missing'],
      ['c', 3, 5, 'quantity'],
      ['d', null, 4, 'unexpected'],
    ]);
    const summary = summarize(rows);
    expect(summary).toEqual({ missing: 1, unexpected: 1, quantity: 1 });
    expect(summaryText(summary)).toBe('1 missing, 1 to move here, 1 quantity off');
    expect(applyText(summary)).toBe(
      '1 missing item goes to 0 and stays on the shelf. 1 item from elsewhere moves here. 1 quantity is set to what you counted.',
    );
    expect(summaryText({ missing: 0, unexpected: 0, quantity: 2 })).toBe('2 quantities off');
    expect(summaryText({ missing: 0, unexpected: 0, quantity: 0 })).toBe(
      'Everything is as expected',
    );
  });

  it('sends only what was found; an unexpected item counted back to 0 drops out', () => {
    const found = new Map([
      ['a', 1],
      ['b', 0],
      ['d', 0],
    ]);
    expect(foundLines(found)).toEqual([{ item_id: 'a', quantity: 1 }]);
    expect(countRows(expectedOnShelf(items, 's1'), found, byId).map((r) => r.item.item_id)).toEqual(
      ['a', 'b', 'c'],
    );
  });

  it('finds an item by its exact code, the ones on the shelf first', () => {
    const twin = item('e', 's1', 1, '444');
    expect(itemsForCode([...items, twin], ' 444 ', 's1').map((i) => i.item_id)).toEqual(['e', 'd']);
    expect(itemsForCode(items, '44', 's1')).toEqual([]);
  });

  it('says when a shelf was last counted', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(lastCountedText(daysSinceCounted(null, now))).toBe('Never counted');
    expect(lastCountedText(daysSinceCounted('2026-11-28T01:00:00Z', now))).toBe('Counted today');
    expect(lastCountedText(daysSinceCounted('2026-11-27T11:00:00Z', now))).toBe(
      'Counted 1 day ago',
    );
    expect(lastCountedText(daysSinceCounted('2026-10-14T12:00:00Z', now))).toBe(
      'Counted 45 days ago',
    );
    expect(countShelfPath('abc')).toBe('/dashboard/count?shelf=abc');
  });
});
