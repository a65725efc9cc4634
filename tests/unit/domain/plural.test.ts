// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countOf, fixPlurals, plural } from '../../../src/domain/plural';

describe('plural', () => {
  it('puts a word in the number its count asks for', () => {
    expect(plural(1, 'item')).toBe('item');
    expect(plural(0, 'item')).toBe('items');
    expect(plural(2, 'shelf')).toBe('shelves');
    expect(countOf(1, 'scan')).toBe('1 scan');
    expect(countOf(7, 'scan')).toBe('7 scans');
    expect(countOf(2, 'box', 'boxes')).toBe('2 boxes');
  });
  it("turns the database's '(s)' sentences into proper English", () => {
    expect(fixPlurals('Moved 1 item(s) to Garage / Isle 1 / Unit A / Shelf 2: Mug')).toBe(
      'Moved 1 item to Garage / Isle 1 / Unit A / Shelf 2: Mug',
    );
    expect(fixPlurals('Removed unit A (box) with 1 shelf(s) and 0 item(s)')).toBe(
      'Removed unit A (box) with 1 shelf and 0 items',
    );
    expect(fixPlurals('Removed room First with 2 isle(s), 3 unit(s) and 1,200 item(s)')).toBe(
      'Removed room First with 2 isles, 3 units and 1,200 items',
    );
  });
});
