// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { isExpiredJwtError, retryWithBackoff } from '../../../../src/data/auth/retry';
import { isIgnorableSignOutError } from '../../../../src/data/auth/sign-out';

class Retryable extends Error {}

describe('retryWithBackoff', () => {
  it('retries retryable failures waiting 200 ms, then doubling', async () => {
    const waits: number[] = [];
    const attempt = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Retryable('network'))
      .mockRejectedValueOnce(new Retryable('network'))
      .mockRejectedValueOnce(new Retryable('network'))
      .mockResolvedValueOnce('session');
    const result = await retryWithBackoff(attempt, {
      isRetryable: (e) => e instanceof Retryable,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(result).toBe('session');
    expect(waits).toEqual([200, 400, 800]);
  });

  it('gives up at once on a non-retryable failure', async () => {
    const waits: number[] = [];
    const attempt = vi
      .fn<() => Promise<string>>()
      .mockRejectedValue(new Error('invalid refresh token'));
    await expect(
      retryWithBackoff(attempt, {
        isRetryable: (e) => e instanceof Retryable,
        sleep: async (ms) => {
          waits.push(ms);
        },
      }),
    ).rejects.toThrow('invalid refresh token');
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('stops after the last attempt', async () => {
    const attempt = vi.fn<() => Promise<string>>().mockRejectedValue(new Retryable('still down'));
    await expect(
      retryWithBackoff(attempt, {
        isRetryable: () => true,
        maxAttempts: 3,
        sleep: async () => undefined,
      }),
    ).rejects.toThrow('still down');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('really waits between attempts', async () => {
    vi.useFakeTimers();
    try {
      const attempt = vi
        .fn<() => Promise<number>>()
        .mockRejectedValueOnce(new Retryable('x'))
        .mockResolvedValueOnce(1);
      const promise = retryWithBackoff(attempt, { isRetryable: () => true });
      await vi.advanceTimersByTimeAsync(199);
      expect(attempt).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(promise).resolves.toBe(1);
      expect(attempt).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('isExpiredJwtError', () => {
  it('recognises PostgREST expired-token errors', () => {
    expect(isExpiredJwtError({ code: 'PGRST301', message: 'JWT expired' })).toBe(true);
    expect(isExpiredJwtError({ code: 'PGRST303', message: 'JWT expired' })).toBe(true);
    expect(isExpiredJwtError(new Error('JWT expired'))).toBe(true);
    expect(isExpiredJwtError({ code: '42501', message: 'permission denied' })).toBe(false);
    expect(isExpiredJwtError(null)).toBe(false);
  });
});

describe('isIgnorableSignOutError', () => {
  it('ignores 401, 403 and 404 from the logout endpoint only', () => {
    expect(isIgnorableSignOutError({ status: 401 })).toBe(true);
    expect(isIgnorableSignOutError({ status: 403 })).toBe(true);
    expect(isIgnorableSignOutError({ status: 404 })).toBe(true);
    expect(isIgnorableSignOutError({ status: 500 })).toBe(false);
    expect(isIgnorableSignOutError(new Error('Failed to fetch'))).toBe(false);
  });
});
