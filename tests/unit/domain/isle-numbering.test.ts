// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  checkIsleNumber,
  isleNumberInUseMessage,
  nextIsleIndex,
  removeIsle,
  renumberIsles,
} from '../../../src/domain/isle-numbering';

const isle = (isle_id: string, isle_index: number) => ({ isle_id, isle_index });
const roomIsles = [isle('i1', 1), isle('i2', 2), isle('i4', 4)];

describe('checkIsleNumber', () => {
  it('accepts an unused number', () => {
    expect(checkIsleNumber(3, roomIsles)).toEqual({ ok: true });
    expect(checkIsleNumber(5, [])).toEqual({ ok: true });
  });
  it('refuses a number in use with the spec message', () => {
    expect(checkIsleNumber(2, roomIsles)).toEqual({
      ok: false,
      message: 'Isle number 2 is already in use in this room',
    });
    expect(isleNumberInUseMessage(12)).toBe('Isle number 12 is already in use in this room');
  });
  it('lets an isle keep its own number when renumbering it', () => {
    expect(checkIsleNumber(2, roomIsles, 'i2')).toEqual({ ok: true });
    expect(checkIsleNumber(4, roomIsles, 'i2')).toEqual({
      ok: false,
      message: 'Isle number 4 is already in use in this room',
    });
  });
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %s as not a valid number',
    (n) => {
      expect(checkIsleNumber(n, roomIsles)).toEqual({ ok: false, message: 'Invalid isle number' });
    },
  );
});

describe('isle numbering', () => {
  it('offers the lowest unused number for a new isle', () => {
    expect(nextIsleIndex(roomIsles)).toBe(3);
    expect(nextIsleIndex([])).toBe(1);
  });
  it('renumbers the remaining isles from 1 after a removal', () => {
    const { remaining, changed } = removeIsle(roomIsles, 'i1');
    expect(remaining).toEqual([isle('i2', 1), isle('i4', 2)]);
    expect(changed).toEqual([isle('i2', 1), isle('i4', 2)]);
  });
  it('renumbers isles that share a number without reordering them', () => {
    expect(renumberIsles([isle('b', 2), isle('a', 2)])).toEqual([isle('b', 1), isle('a', 2)]);
  });
});
