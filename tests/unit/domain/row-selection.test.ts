// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  selectionState,
  setRows,
  toggleRow,
} from '../../../src/domain/row-selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const ids = (selection: { selected: ReadonlySet<string> }) => [...selection.selected].sort();

describe('row selection', () => {
  it('a click toggles one row and makes it the anchor', () => {
    const one = toggleRow(EMPTY_SELECTION, order, 'b', true, false);
    expect(ids(one)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    expect(ids(toggleRow(one, order, 'b', false, false))).toEqual([]);
  });

  it('shift selects the range from the anchor, either way, in the order shown', () => {
    const start = toggleRow(EMPTY_SELECTION, order, 'b', true, false);
    expect(ids(toggleRow(start, order, 'd', true, true))).toEqual(['b', 'c', 'd']);
    const back = toggleRow(EMPTY_SELECTION, order, 'd', true, false);
    expect(ids(toggleRow(back, order, 'a', true, true))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('shift on a row being cleared clears the range', () => {
    const all = setRows(EMPTY_SELECTION, order, true);
    const anchored = toggleRow(all, order, 'b', false, false);
    expect(ids(toggleRow(anchored, order, 'd', false, true))).toEqual(['a', 'e']);
  });

  it('without an anchor on screen (filtered away) shift toggles just the row', () => {
    const start = toggleRow(EMPTY_SELECTION, ['x', ...order], 'x', true, false);
    expect(ids(toggleRow(start, order, 'c', true, true))).toEqual(['c', 'x']);
  });

  it('select all and the header state', () => {
    const some = setRows(EMPTY_SELECTION, ['a', 'b'], true);
    expect(selectionState(some.selected, order)).toBe('some');
    expect(selectionState(setRows(some, order, true).selected, order)).toBe('all');
    expect(selectionState(setRows(some, order, false).selected, order)).toBe('none');
    expect(selectionState(new Set(), [])).toBe('none');
  });
});
