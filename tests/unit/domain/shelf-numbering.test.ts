// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextShelfIndex, removeShelf, renumberShelves } from '../../../src/domain/shelf-numbering';

const shelf = (shelf_id: string, shelf_index: number) => ({ shelf_id, shelf_index, unit_id: 'u1' });

describe('nextShelfIndex', () => {
  it('is 1 for an empty unit', () => {
    expect(nextShelfIndex([])).toBe(1);
  });
  it('takes the lowest unused index, filling a gap first', () => {
    expect(nextShelfIndex([shelf('a', 1), shelf('b', 2)])).toBe(3);
    expect(nextShelfIndex([shelf('a', 1), shelf('c', 3)])).toBe(2);
  });
});

describe('removeShelf', () => {
  const shelves = [shelf('s3', 3), shelf('s1', 1), shelf('s2', 2), shelf('s4', 4)];

  it('renumbers the remaining shelves from 1 in their order', () => {
    const { remaining } = removeShelf(shelves, 's2');
    expect(remaining.map((s) => [s.shelf_id, s.shelf_index])).toEqual([
      ['s1', 1],
      ['s3', 2],
      ['s4', 3],
    ]);
    expect(remaining.every((s) => s.unit_id === 'u1')).toBe(true);
  });
  it('lists only the shelves whose number changed', () => {
    expect(removeShelf(shelves, 's2').changed.map((s) => s.shelf_id)).toEqual(['s3', 's4']);
    expect(removeShelf(shelves, 's4').changed).toEqual([]);
  });
  it('leaves nothing when the only shelf goes', () => {
    expect(removeShelf([shelf('only', 1)], 'only')).toEqual({ remaining: [], changed: [] });
  });
  it('repairs gaps left by earlier data', () => {
    expect(renumberShelves([shelf('x', 5), shelf('y', 9)]).map((s) => s.shelf_index)).toEqual([
      1, 2,
    ]);
  });
});
