// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  RATE_LIMIT_MINUTES,
  checkRateLimit,
  rateLimitMessage,
} from '../../../src/domain/rate-limit';

const NOW = '2025-06-01T12:00:00.000Z';
const ago = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();

describe('checkRateLimit', () => {
  it('has the spec windows', () => {
    expect(RATE_LIMIT_MINUTES).toEqual({ orders: 2, listings: 2, inventory: 8 });
  });
  it('allows the first fetch', () => {
    expect(checkRateLimit('orders', null, NOW)).toEqual({ allowed: true });
    expect(checkRateLimit('orders', undefined, NOW)).toEqual({ allowed: true });
  });
  it('refuses orders and listings within 2 minutes, rounding the wait up', () => {
    expect(checkRateLimit('orders', ago(1_000), NOW)).toEqual({
      allowed: false,
      minutesRemaining: 2,
    });
    expect(checkRateLimit('listings', ago(60_000), NOW)).toEqual({
      allowed: false,
      minutesRemaining: 1,
    });
    expect(checkRateLimit('listings', ago(119_999), NOW)).toEqual({
      allowed: false,
      minutesRemaining: 1,
    });
  });
  it('allows them again at exactly 2 minutes', () => {
    expect(checkRateLimit('orders', ago(120_000), NOW)).toEqual({ allowed: true });
  });
  it('holds inventory for 8 minutes', () => {
    expect(checkRateLimit('inventory', ago(150_000), NOW)).toEqual({
      allowed: false,
      minutesRemaining: 6,
    });
    expect(checkRateLimit('inventory', ago(7 * 60_000 + 59_000), NOW)).toEqual({
      allowed: false,
      minutesRemaining: 1,
    });
    expect(checkRateLimit('inventory', ago(8 * 60_000), NOW)).toEqual({ allowed: true });
  });
  it('accepts dates and epoch milliseconds', () => {
    const now = Date.parse(NOW);
    expect(checkRateLimit('orders', new Date(now - 30_000), new Date(now))).toEqual({
      allowed: false,
      minutesRemaining: 2,
    });
    expect(checkRateLimit('orders', now - 30_000, now)).toEqual({
      allowed: false,
      minutesRemaining: 2,
    });
  });
  it('waits at most one window when last_request is in the future', () => {
    expect(checkRateLimit('inventory', '2025-06-01T13:00:00.000Z', NOW)).toEqual({
      allowed: false,
      minutesRemaining: 8,
    });
  });
  it('allows a fetch when the record is unreadable', () => {
    expect(checkRateLimit('orders', 'yesterday-ish', NOW)).toEqual({ allowed: true });
  });
});

describe('rateLimitMessage', () => {
  it('words the wait as the spec does', () => {
    expect(rateLimitMessage(6, 'inventory')).toBe(
      'Please wait 6 minutes before fetching inventory again. Using cached data',
    );
    expect(rateLimitMessage(2, 'orders')).toBe(
      'Please wait 2 minutes before fetching orders again. Using cached data',
    );
  });
  it('says 1 minute, not 1 minutes', () => {
    expect(rateLimitMessage(1, 'listings')).toBe(
      'Please wait 1 minute before fetching listings again. Using cached data',
    );
  });
});
