import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../src/lib/when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('hands the work to requestIdleCallback with the deadline, and cancels it there', () => {
    const pending = new Map<number, () => void>();
    const requestIdleCallback = vi.fn((run: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBe(5000);
      pending.set(pending.size + 1, run);
      return pending.size;
    });
    const cancelIdleCallback = vi.fn((id: number) => pending.delete(id));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    const work = vi.fn();
    const cancel = whenIdle(work, 5000);
    expect(work).not.toHaveBeenCalled();
    pending.get(1)?.();
    expect(work).toHaveBeenCalledOnce();
    whenIdle(work, 5000)();
    expect(cancelIdleCallback).toHaveBeenCalledWith(2);
    cancel();
  });

  it('falls back to a short timer where the browser has no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    whenIdle(work, 1000);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(work).toHaveBeenCalledOnce();
    const cancelled = vi.fn();
    whenIdle(cancelled, 1000)();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
