// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  DEFAULT_CURRENCY,
  DEFAULT_DATE_FORMAT,
  formatDate,
  formatPrice,
  isDateFormat,
  parseDate,
  parsePrice,
} from '../../../src/domain/currency-date';

describe('formatPrice', () => {
  it('uses USD by default', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(formatPrice(4.5)).toBe('$4.50');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(0)).toBe('$0.00');
  });
  it("uses the seller's currency", () => {
    expect(formatPrice(4.5, 'GBP')).toBe('£4.50');
    expect(formatPrice(4.5, 'EUR')).toBe('€4.50');
    expect(formatPrice(1200, 'JPY')).toBe('¥1,200');
    expect(formatPrice(4.5, 'gbp')).toBe('£4.50');
  });
  it('falls back to USD for a missing or unknown currency', () => {
    expect(formatPrice(4.5, null)).toBe('$4.50');
    expect(formatPrice(4.5, 'dollars')).toBe('$4.50');
    expect(formatPrice(4.5, '')).toBe('$4.50');
  });
  it('shows nothing for no price', () => {
    expect(formatPrice(null)).toBe('');
    expect(formatPrice(undefined)).toBe('');
    expect(formatPrice(Number.NaN)).toBe('');
  });
});

describe('parsePrice', () => {
  it.each([
    ['4.50', 4.5],
    ['$4.50', 4.5],
    [' £ 12 ', 12],
    ['12 EUR', 12],
    ['1,200', 1200],
    ['1,234.56', 1234.56],
    ['1.234,56', 1234.56],
    ['4,50', 4.5],
    ['0.99', 0.99],
    ['.5', 0.5],
    ['1,234,567', 1234567],
    ['0', 0],
  ])('reads %j as %d', (text, value) => {
    expect(parsePrice(text)).toBe(value);
  });
  it('reads its own formatted output back', () => {
    expect(parsePrice(formatPrice(1234.5))).toBe(1234.5);
    expect(parsePrice(formatPrice(7.25, 'GBP'))).toBe(7.25);
  });
  it.each(['', '   ', 'abc', '-4', '$-4', '4.5.6', '1,23,4', '12a', '4..5', null, undefined])(
    'refuses %j',
    (text) => {
      expect(parsePrice(text)).toBeNull();
    },
  );
  it('takes numbers from a spreadsheet as they are, refusing negatives', () => {
    expect(parsePrice(3.25)).toBe(3.25);
    expect(parsePrice(-1)).toBeNull();
    expect(parsePrice(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('formatDate', () => {
  it('uses US MM/DD/YYYY by default', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('US');
    expect(DATE_FORMATS.US).toBe('MM/DD/YYYY');
    expect(formatDate('2025-03-09')).toBe('03/09/2025');
  });
  it('writes each format', () => {
    expect(formatDate('2025-03-09', 'UK')).toBe('09/03/2025');
    expect(formatDate('2025-03-09', 'ISO')).toBe('2025-03-09');
  });
  it('falls back to US for an unknown format', () => {
    expect(formatDate('2025-03-09', 'Martian')).toBe('03/09/2025');
  });
  it('shows nothing for no date and the raw text for a bad one', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('next week')).toBe('next week');
  });
});

describe('parseDate', () => {
  it('reads each format back to ISO', () => {
    expect(parseDate('03/09/2025', 'US')).toBe('2025-03-09');
    expect(parseDate('09/03/2025', 'UK')).toBe('2025-03-09');
    expect(parseDate('09.03.2025', 'UK')).toBe('2025-03-09');
    expect(parseDate('2025-03-09', 'ISO')).toBe('2025-03-09');
  });
  it('round-trips every format', () => {
    for (const format of ['US', 'UK', 'ISO'] as const) {
      expect(parseDate(formatDate('2024-02-29', format), format)).toBe('2024-02-29');
    }
  });
  it('always accepts ISO, and single digits and other separators', () => {
    expect(parseDate('2025-12-01', 'UK')).toBe('2025-12-01');
    expect(parseDate('3/9/2025', 'US')).toBe('2025-03-09');
    expect(parseDate('9-3-2025', 'UK')).toBe('2025-03-09');
  });
  it('refuses dates that do not exist in the chosen format', () => {
    expect(parseDate('13/01/2025', 'US')).toBeNull();
    expect(parseDate('13/01/2025', 'UK')).toBe('2025-01-13');
    expect(parseDate('02/30/2025', 'US')).toBeNull();
    expect(parseDate('01/02/2025', 'ISO')).toBeNull();
  });
  it.each(['', '2025', '1/2/25', 'tomorrow', '2025-02-30', null, undefined])(
    'refuses %j',
    (text) => {
      expect(parseDate(text, 'US')).toBeNull();
    },
  );
  it('knows its formats', () => {
    expect(isDateFormat('UK')).toBe(true);
    expect(isDateFormat('EU')).toBe(false);
    expect(isDateFormat('toString')).toBe(false);
    expect(isDateFormat(undefined)).toBe(false);
  });
});
