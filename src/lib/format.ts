/** Display formatting shared by every screen. Pure, so it is unit-tested directly. */

import { plural } from '../domain/plural';

/** Date formats a seller can pick in settings; US is the default (docs/product.md#preferences). */
export type DateFormat = 'US' | 'UK' | 'ISO';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: Date | string): Date | undefined {
  // A date-only string (an expiry date, a deadline) is a calendar day, not UTC midnight: parsed
  // by `new Date` it would show as the day before anywhere west of UTC.
  const day = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar date in the seller's chosen format, e.g. 12/31/2026 (US), 31/12/2026 (UK). */
export function formatDate(value: Date | string, format: DateFormat = 'US'): string {
  const date = toDate(value);
  if (!date) return '';
  const y = date.getFullYear();
  const m = pad(date.getMonth() + 1);
  const d = pad(date.getDate());
  switch (format) {
    case 'UK':
      return `${d}/${m}/${y}`;
    case 'ISO':
      return `${y}-${m}-${d}`;
    default:
      return `${m}/${d}/${y}`;
  }
}

/**
 * A date written out in words, unambiguous in any locale, in the seller's order: 'December 31,
 * 2026' (US), '31 December 2026' (UK), '2026-12-31' (ISO).
 */
export function formatLongDate(value: Date | string, format: DateFormat = 'US'): string {
  const date = toDate(value);
  if (!date) return '';
  if (format === 'ISO') return formatDate(date, 'ISO');
  return new Intl.DateTimeFormat(localeOf(format), { dateStyle: 'long' }).format(date);
}

// Building an Intl formatter costs far more than using one (a queue lists 100 times): one per format.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let made = formatters.get(key);
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

const localeOf = (format: DateFormat) => (format === 'US' ? 'en-US' : 'en-GB');

/** A clock time in the seller's convention: '1:05 PM' (US), '13:05' (UK, ISO). */
export function formatTime(value: Date | string, format: DateFormat = 'US'): string {
  const date = toDate(value);
  if (!date) return '';
  return formatter(
    `time-${format}`,
    () => new Intl.DateTimeFormat(localeOf(format), { timeStyle: 'short' }),
  ).format(date);
}

/** A moment in the seller's date format with its time: '12/31/2026 1:05 PM', '31/12/2026 13:05'. */
export function formatDateTime(value: Date | string, format: DateFormat = 'US'): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date, format)} ${formatTime(date, format)}`;
}

/** Money in the seller's currency (USD by default, docs/product.md#preferences). */
export function formatCurrency(amount: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    // An unknown currency code must not break a whole screen.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

// Building an Intl.NumberFormat costs far more than using one (on a loaded machine the Products
// screen spent longer making count formatters than listing 5000 items): one, made on first use.
let countFormatter: Intl.NumberFormat | undefined;

/** Whole numbers with thousands separators, e.g. 5,000. */
export function formatCount(n: number): string {
  countFormatter ??= new Intl.NumberFormat('en-US');
  return countFormatter.format(n);
}

/** A count with its noun in the right number: '1 unit', '3 units', '2 shelves' (5,000 grouped). */
export function countOf(n: number, one: string, many?: string): string {
  return `${formatCount(n)} ${plural(n, one, many)}`;
}
