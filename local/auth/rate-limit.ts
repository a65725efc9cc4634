// Fixed-window counters kept in memory, like GoTrue's in-process limiters. One instance per
// auth service, so each stack (and each test stack) starts with clean counters.
import { tooMany } from './errors.ts';

interface Bucket {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => Date) {}

  /**
   * Counts one hit on `key` and reports whether it is still within `limit` per `windowSeconds`.
   * A limit of 0 or less disables the check.
   */
  hit(key: string, limit: number, windowSeconds: number): boolean {
    if (limit <= 0) return true;
    const t = this.now().getTime();
    let b = this.buckets.get(key);
    if (!b || b.resetAt <= t) {
      b = { count: 0, resetAt: t + windowSeconds * 1000 };
      this.buckets.set(key, b);
      this.sweep(t);
    }
    b.count += 1;
    return b.count <= limit;
  }

  /** Throws GoTrue's 429 over_request_rate_limit when `key` is over its limit. */
  enforce(key: string, limit: number, windowSeconds: number): void {
    if (!this.hit(key, limit, windowSeconds)) {
      throw tooMany('over_request_rate_limit', 'Request rate limit reached');
    }
  }

  /** Keeps the map from growing without bound under many distinct keys. */
  private sweep(t: number): void {
    if (this.buckets.size < 10_000) return;
    for (const [k, b] of this.buckets) if (b.resetAt <= t) this.buckets.delete(k);
  }
}
