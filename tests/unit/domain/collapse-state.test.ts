import { describe, expect, it } from 'vitest';
import {
  COLLAPSE_STATE_LIMIT,
  collapseIds,
  parseCollapseState,
  serialiseCollapseState,
  withCollapsed,
} from '../../../src/domain/collapse-state';

describe('collapse state', () => {
  it('reads back what it wrote', () => {
    let state = parseCollapseState(null);
    state = withCollapsed(state, collapseIds.shelf('s1'), true);
    state = withCollapsed(state, collapseIds.listings, false);
    const read = parseCollapseState(serialiseCollapseState(state));
    expect(read.get('shelf:s1')).toBe(true);
    expect(read.get('listings')).toBe(false);
    expect(read.get('unit:s1')).toBeUndefined();
  });

  it('forgets a choice when asked, so an opened shelf takes no room', () => {
    const state = withCollapsed(new Map([['shelf:a', true]]), 'shelf:a', false, false);
    expect(state.size).toBe(0);
  });

  it('reads anything unreadable as no choices', () => {
    for (const raw of ['', 'not json', '{"a":true}', '[["a","yes"],[1,true]]'])
      expect(parseCollapseState(raw).size).toBe(0);
  });

  it('keeps the latest choices when there are too many', () => {
    let state = parseCollapseState(null);
    for (let i = 0; i <= COLLAPSE_STATE_LIMIT; i += 1)
      state = withCollapsed(state, `shelf:${i}`, true);
    expect(state.size).toBe(COLLAPSE_STATE_LIMIT);
    expect(state.has('shelf:0')).toBe(false);
    // Choosing again makes a choice the latest.
    state = withCollapsed(state, 'shelf:1', true);
    state = withCollapsed(state, 'shelf:new', true);
    expect(state.has('shelf:1')).toBe(true);
    expect(state.has('shelf:2')).toBe(false);
  });
});
