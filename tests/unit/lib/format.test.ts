// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatCount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatTime,
} from '../../../src/lib/format';

describe('format', () => {
  const date = new Date(2026, 11, 31);

  it('writes dates in the chosen format, US by default', () => {
    expect(formatDate(date)).toBe('12/31/2026');
    expect(formatDate(date, 'UK')).toBe('31/12/2026');
    expect(formatDate(date, 'ISO')).toBe('2026-12-31');
  });

  it('keeps a date-only value on its calendar day west of UTC too', () => {
    // Node applies a TZ change at once; west of UTC is where UTC-midnight parsing shows the day before.
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(formatDate('2026-12-31')).toBe('12/31/2026');
      expect(formatDate('2026-01-01', 'UK')).toBe('01/01/2026');
      expect(formatLongDate('2026-03-01')).toBe('March 1, 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('writes long dates in words and gives nothing for invalid input', () => {
    expect(formatLongDate(date)).toBe('December 31, 2026');
    expect(formatLongDate('not a date')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('writes long dates, times and moments in the chosen format (Backups, Team, offline queue)', () => {
    const moment = new Date(2026, 11, 31, 13, 5);
    expect(formatLongDate(moment, 'UK')).toBe('31 December 2026');
    expect(formatLongDate(moment, 'ISO')).toBe('2026-12-31');
    expect(formatTime(moment, 'UK')).toBe('13:05');
    expect(formatTime(moment)).toBe('1:05 PM');
    expect(formatDateTime(moment, 'UK')).toBe('31/12/2026 13:05');
    expect(formatDateTime(moment)).toBe('12/31/2026 1:05 PM');
    expect(formatDateTime('not a date', 'UK')).toBe('');
  });

  it('formats money and counts', () => {
    expect(formatCurrency(12.5)).toBe('$12.50');
    expect(formatCurrency(3, 'GBP')).toBe('£3.00');
    expect(formatCurrency(3, 'NOPE')).toBe('3.00 NOPE');
    expect(formatCount(5000)).toBe('5,000');
  });
});

describe('countOf', () => {
  it('puts the noun in the number the count needs', () => {
    expect(countOf(1, 'unit')).toBe('1 unit');
    expect(countOf(3, 'unit')).toBe('3 units');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(countOf(2, 'shelf', 'shelves')).toBe('2 shelves');
    expect(countOf(5000, 'item')).toBe('5,000 items');
  });
});
