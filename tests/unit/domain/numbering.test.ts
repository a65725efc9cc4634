// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  changedIndices,
  lowestUnusedIndex,
  removeAndRenumber,
  renumber,
} from '../../../src/domain/numbering';

describe('lowestUnusedIndex', () => {
  it('is 1 when nothing is taken', () => {
    expect(lowestUnusedIndex([])).toBe(1);
  });
  it('is one past a full run', () => {
    expect(lowestUnusedIndex([1, 2, 3])).toBe(4);
  });
  it('fills the first gap', () => {
    expect(lowestUnusedIndex([1, 3, 4])).toBe(2);
    expect(lowestUnusedIndex([2, 3])).toBe(1);
  });
  it('does not care about order or duplicates', () => {
    expect(lowestUnusedIndex([3, 1, 1, 2, 5])).toBe(4);
  });
  it('ignores zero, negatives, fractions and NaN', () => {
    expect(lowestUnusedIndex([0, -1, 1.5, Number.NaN, 1])).toBe(2);
  });
  it('accepts any iterable', () => {
    expect(lowestUnusedIndex(new Set([1, 2]))).toBe(3);
  });
});

describe('renumber', () => {
  it('numbers from 1 in current order, closing gaps', () => {
    const result = renumber(
      [
        { id: 'c', n: 7 },
        { id: 'a', n: 2 },
        { id: 'b', n: 4 },
      ],
      'n',
    );
    expect(result).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'c', n: 3 },
    ]);
  });
  it('keeps the given order for equal numbers (stable)', () => {
    const result = renumber(
      [
        { id: 'first', n: 2 },
        { id: 'second', n: 2 },
        { id: 'zero', n: 1 },
      ],
      'n',
    );
    expect(result.map((thing) => thing.id)).toEqual(['zero', 'first', 'second']);
    expect(result.map((thing) => thing.n)).toEqual([1, 2, 3]);
  });
  it('does not mutate its input and keeps other fields', () => {
    const input = [{ id: 'a', n: 5, name: 'x' }];
    const result = renumber(input, 'n');
    expect(input[0]?.n).toBe(5);
    expect(result).toEqual([{ id: 'a', n: 1, name: 'x' }]);
  });
  it('returns an empty list for an empty list', () => {
    expect(renumber([], 'n')).toEqual([]);
  });
});

describe('removeAndRenumber and changedIndices', () => {
  const things = [
    { id: 'a', n: 1 },
    { id: 'b', n: 2 },
    { id: 'c', n: 3 },
  ];
  it('removes the thing and closes the gap', () => {
    expect(removeAndRenumber(things, 'n', 'id', 'b')).toEqual([
      { id: 'a', n: 1 },
      { id: 'c', n: 2 },
    ]);
  });
  it('renumbers even when the id is unknown', () => {
    expect(removeAndRenumber([{ id: 'a', n: 4 }], 'n', 'id', 'zzz')).toEqual([{ id: 'a', n: 1 }]);
  });
  it('reports only the things whose number moved', () => {
    const after = removeAndRenumber(things, 'n', 'id', 'b');
    expect(changedIndices(things, after, 'n', 'id')).toEqual([{ id: 'c', n: 2 }]);
    expect(changedIndices(things, removeAndRenumber(things, 'n', 'id', 'c'), 'n', 'id')).toEqual(
      [],
    );
  });
});
