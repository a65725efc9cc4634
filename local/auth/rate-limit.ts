// Rate limits kept in memory, like GoTrue's in-process limiters. One instance per auth service,
// so each stack (and each test stack) starts with clean counters.
//
// Per-client limits follow GoTrue's tollbooth limiters: a token bucket per endpoint group,
// refilled at the configured rate, holding at most 30 requests, keyed on the value of the
// configured rate-limit header (the caller's address unless configured otherwise) — and not
// applied at all when the header is configured empty.
import type { Ctx } from './context.ts';
import type { ResolvedConfig } from './config.ts';
import { tooMany } from './errors.ts';

/** GoTrue's burst for every per-client limiter. */
const BURST = 30;

/** Endpoint groups with their own bucket each, as GoTrue keeps one limiter per group. */
export type ClientLimit =
  | 'token'
  | 'verify'
  | 'signups'
  | 'otp'
  | 'magiclink'
  | 'recover'
  | 'resend'
  | 'user'
  | 'factor_challenge'
  | 'factor_verify';

/** Requests per second each group refills at (GoTrue: its setting over 5 minutes or 1 minute). */
function refillPerSecond(limits: ResolvedConfig['limits'], group: ClientLimit): number {
  switch (group) {
    case 'token':
      return limits.tokenRefresh / 300;
    case 'verify':
      return limits.verify / 300;
    case 'factor_challenge':
    case 'factor_verify':
      return limits.mfaChallengeAndVerify / 60;
    default:
      return limits.otp / 300;
  }
}

interface Bucket {
  tokens: number;
  at: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => Date) {}

  /** Takes one request from `key`'s bucket; false when it is empty. */
  take(key: string, perSecond: number, burst: number): boolean {
    const t = this.now().getTime();
    const b = this.buckets.get(key) ?? { tokens: burst, at: t };
    b.tokens = Math.min(burst, b.tokens + (Math.max(0, t - b.at) / 1000) * perSecond);
    b.at = t;
    this.buckets.set(key, b);
    if (this.buckets.size > 10_000) this.sweepBuckets(t, burst, perSecond);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /**
   * Counts one hit on `key` in a fixed window and reports whether it is still within `limit`
   * per `windowSeconds` (GoTrue's interval rate, used for the mails sent per hour).
   * A limit of 0 or less disables the check.
   */
  hit(key: string, limit: number, windowSeconds: number): boolean {
    if (limit <= 0) return true;
    const t = this.now().getTime();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + windowSeconds * 1000 };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) {
        for (const [k, old] of this.windows) if (old.resetAt <= t) this.windows.delete(k);
      }
    }
    w.count += 1;
    return w.count <= limit;
  }

  /** Drops buckets that have refilled completely (they are the same as no bucket). */
  private sweepBuckets(t: number, burst: number, perSecond: number): void {
    for (const [k, b] of this.buckets) {
      if (b.tokens + ((t - b.at) / 1000) * perSecond >= burst) this.buckets.delete(k);
    }
  }
}

/** The client's key: the first value of the configured header, or null (then no limit). */
function clientKey(ctx: Ctx): string | null {
  const header = ctx.svc.cfg.limits.header;
  if (!header) return null;
  const raw = ctx.req.headers[header];
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  const first = value?.split(',')[0]?.trim();
  return first ? first : null;
}

/** GoTrue's per-client limit for `group`: 429 over_request_rate_limit once the bucket is empty. */
export function limitClient(ctx: Ctx, group: ClientLimit): void {
  const key = clientKey(ctx);
  if (key === null) return;
  const { limiter, cfg } = ctx.svc;
  if (!limiter.take(`${group}:${key}`, refillPerSecond(cfg.limits, group), BURST)) {
    throw tooMany('over_request_rate_limit', 'Request rate limit reached');
  }
}
