/** Retrying with back-off, and recognising expired tokens: pure, so unit-tested directly. */

export interface RetryOptions {
  isRetryable: (error: unknown) => boolean;
  /** First wait; doubled after each failed attempt (200 ms, docs/product.md#sessions). */
  baseDelayMs?: number;
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` until it succeeds, retrying retryable failures with a doubling back-off. */
export async function retryWithBackoff<T>(
  attempt: () => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const { isRetryable, baseDelayMs = 200, maxAttempts = 5, sleep = defaultSleep } = options;
  for (let n = 0; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error) || n + 1 >= maxAttempts) throw error;
      await sleep(baseDelayMs * 2 ** n);
    }
  }
}

/** PostgREST says 'JWT expired' (PGRST301/PGRST303) when a tab slept past the token's expiry. */
export function isExpiredJwtError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'PGRST301' || code === 'PGRST303') return true;
  return typeof message === 'string' && /jwt expired/i.test(message);
}
