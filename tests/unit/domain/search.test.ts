// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  QUICK_SEARCH_LIMIT,
  RECENT_ITEMS_LIMIT,
  quickSearch,
  countNameMatches,
  searchResultsSummary,
  recentItems,
  searchByBarcode,
} from '../../../src/domain/search';

const items = [
  {
    item_id: '1',
    item_name: 'Blue mug',
    barcode: '5012345678900',
    created_at: '2025-01-01T10:00:00Z',
  },
  { item_id: '2', item_name: 'Red mug', barcode: '501234', created_at: '2025-01-03T10:00:00Z' },
  { item_id: '3', item_name: 'Mug tree', barcode: null, created_at: '2025-01-02T10:00:00Z' },
  { item_id: '4', item_name: 'Teapot', barcode: 'ABC-123', created_at: null },
];
const ids = (list: { item_id: string }[]) => list.map((item) => item.item_id);

describe('searchByBarcode', () => {
  it('returns only exact barcode matches when there are any', () => {
    expect(ids(searchByBarcode(items, '501234'))).toEqual(['2']);
  });
  it('matches the exact barcode ignoring case and spaces', () => {
    expect(ids(searchByBarcode(items, ' abc-123 '))).toEqual(['4']);
  });
  it('falls back to substrings of name or barcode, case-insensitively', () => {
    expect(ids(searchByBarcode(items, '5012'))).toEqual(['1', '2']);
    expect(ids(searchByBarcode(items, 'MUG'))).toEqual(['1', '2', '3']);
    expect(ids(searchByBarcode(items, 'c-1'))).toEqual(['4']);
  });
  it('finds nothing for a blank query or no match', () => {
    expect(searchByBarcode(items, '  ')).toEqual([]);
    expect(searchByBarcode(items, 'zzz')).toEqual([]);
  });
});

describe('how many matched', () => {
  it('counts every name containing the text, past the ten shown', () => {
    const many = Array.from({ length: 90 }, (_, i) => ({ item_name: `Box ${i}` }));
    expect(countNameMatches([...many, { item_name: 'Lamp' }], ' BOX ')).toBe(90);
    expect(countNameMatches(many, '  ')).toBe(0);
  });
  it('says the results are the first few of many, not that only those matched', () => {
    expect(searchResultsSummary(10, 90)).toBe('Showing the first 10 of 90 items');
    expect(searchResultsSummary(3, 3)).toBe('3 items found');
    expect(searchResultsSummary(1, 1)).toBe('1 item found');
  });
});

describe('quickSearch', () => {
  it('finds names containing the text, names starting with it first', () => {
    expect(ids(quickSearch(items, 'mug'))).toEqual(['3', '1', '2']);
  });
  it('ignores barcodes', () => {
    expect(quickSearch(items, '5012')).toEqual([]);
  });
  it('returns at most 10', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ item_name: `Box ${i}` }));
    expect(QUICK_SEARCH_LIMIT).toBe(10);
    expect(quickSearch(many, 'box')).toHaveLength(10);
    expect(quickSearch(many, 'box').map((item) => item.item_name)[0]).toBe('Box 0');
    expect(quickSearch(many, 'box', 3)).toHaveLength(3);
  });
  it('keeps starting matches first even when containing matches come earlier', () => {
    const list = [
      ...Array.from({ length: 10 }, (_, i) => ({ item_name: `Old lamp ${i}` })),
      { item_name: 'Lamp shade' },
    ];
    expect(quickSearch(list, 'lamp')[0]?.item_name).toBe('Lamp shade');
  });
  it('finds nothing for a blank query or a zero limit', () => {
    expect(quickSearch(items, '')).toEqual([]);
    expect(quickSearch(items, 'mug', 0)).toEqual([]);
  });
});

describe('recentItems', () => {
  it('lists the newest first, undated last', () => {
    expect(ids(recentItems(items))).toEqual(['2', '3', '1', '4']);
  });
  it('keeps only the 10 newest', () => {
    const many = Array.from({ length: 15 }, (_, i) => ({
      item_id: String(i),
      created_at: new Date(Date.UTC(2025, 0, i + 1)).toISOString(),
    }));
    expect(RECENT_ITEMS_LIMIT).toBe(10);
    expect(ids(recentItems(many))).toEqual(['14', '13', '12', '11', '10', '9', '8', '7', '6', '5']);
  });
  it('compares timestamps by time, not text, across offsets', () => {
    const list = [
      { item_id: 'utc', created_at: '2025-01-01T10:00:00+00:00' },
      { item_id: 'later', created_at: '2025-01-01T08:00:00-05:00' },
    ];
    expect(ids(recentItems(list))).toEqual(['later', 'utc']);
  });
  it('does not change the list it was given', () => {
    const copy = [...items];
    recentItems(items);
    expect(items).toEqual(copy);
  });
});
