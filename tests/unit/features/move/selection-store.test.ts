import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createSelectionStore,
  useIsSelected,
  useSelectedIds,
} from '../../../../src/features/move/selection-store';

describe('selection of items to move together', () => {
  it('toggles ids, keeping the order they were chosen in', () => {
    const store = createSelectionStore();
    store.toggle('b');
    store.toggle('a');
    store.toggle('c');
    store.toggle('a');
    expect(store.ids()).toEqual(['b', 'c']);
    expect(store.has('b')).toBe(true);
    expect(store.has('a')).toBe(false);
  });

  it('removes moved ids and clears, telling listeners only about real changes', () => {
    const store = createSelectionStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.toggle('a');
    store.toggle('b');
    expect(listener).toHaveBeenCalledTimes(2);
    store.remove(['x']);
    expect(listener).toHaveBeenCalledTimes(2);
    store.remove(['a']);
    expect(store.ids()).toEqual(['b']);
    store.clear();
    store.clear();
    expect(store.ids()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('re-renders a row when its own box changes', () => {
    const store = createSelectionStore();
    const row = renderHook(() => useIsSelected(store, 'a'));
    const all = renderHook(() => useSelectedIds(store));
    expect(row.result.current).toBe(false);
    act(() => store.toggle('a'));
    expect(row.result.current).toBe(true);
    expect(all.result.current).toEqual(['a']);
  });
});
