export const RATE_LIMIT_MINUTES = { orders: 2, listings: 2, inventory: 8 } as const;
export type MarketplaceFetch = keyof typeof RATE_LIMIT_MINUTES;

const MS_PER_MINUTE = 60_000;

export type RateLimitDecision = { allowed: true } | { allowed: false; minutesRemaining: number };

type Moment = string | number | Date;

function toMs(moment: Moment | null | undefined): number {
  if (moment === null || moment === undefined) return Number.NaN;
  if (moment instanceof Date) return moment.getTime();
  return typeof moment === 'number' ? moment : Date.parse(moment);
}

/**
 * Whether a marketplace fetch may go out now, given the last one (the api_rate_limits row's
 * last_request). Minutes remaining are rounded up so a seller told "1 minute" is never early.
 * No record, or an unreadable one, allows the fetch.
 */
export function checkRateLimit(
  what: MarketplaceFetch,
  lastRequest: Moment | null | undefined,
  now: Moment,
): RateLimitDecision {
  const windowMs = RATE_LIMIT_MINUTES[what] * MS_PER_MINUTE;
  const last = toMs(lastRequest);
  const current = toMs(now);
  if (Number.isNaN(last) || Number.isNaN(current)) return { allowed: true };
  // A last_request in the future (skewed clock) waits one window at most, never longer.
  const elapsed = Math.max(0, current - last);
  if (elapsed >= windowMs) return { allowed: true };
  return { allowed: false, minutesRemaining: Math.ceil((windowMs - elapsed) / MS_PER_MINUTE) };
}

/**
 * 'Please wait {n} minutes before fetching {what} again. Using cached data' (docs/product.md#ebay),
 * singular for 1.
 */
export function rateLimitMessage(minutesRemaining: number, what: MarketplaceFetch): string {
  const minutes = minutesRemaining === 1 ? '1 minute' : `${minutesRemaining} minutes`;
  return `Please wait ${minutes} before fetching ${what} again. Using cached data`;
}
