import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_TICK_MS, useToday } from '../../../../src/features/notifications/use-today';

afterEach(() => {
  vi.useRealTimers();
});

describe('useToday (the daily check while the app is open)', () => {
  it('moves on to the next date shortly after local midnight', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 5, 1, 23, 59, 30));
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe('2025-06-01');
    act(() => {
      vi.advanceTimersByTime(CLOCK_TICK_MS);
    });
    expect(result.current).toBe('2025-06-02');
  });

  it('keeps the same value during the day', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 5, 1, 9, 0, 0));
    const { result } = renderHook(() => useToday());
    const first = result.current;
    act(() => {
      vi.advanceTimersByTime(CLOCK_TICK_MS * 10);
    });
    expect(result.current).toBe(first);
  });
});
