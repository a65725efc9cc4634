import { calendarDate, parseIsoDate, toIsoDate } from './calendar-date';

export const DEFAULT_CURRENCY = 'USD';

/** Currencies offered in settings; formatPrice accepts any ISO 4217 code Intl knows. */
export const CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'JPY'] as const;

// UK also serves sellers elsewhere in Europe (day first); ISO suits spreadsheets. The same ids
// as src/lib/format.ts, so a stored preference means the same everywhere.
export const DATE_FORMATS = {
  US: 'MM/DD/YYYY',
  UK: 'DD/MM/YYYY',
  ISO: 'YYYY-MM-DD',
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;
export const DEFAULT_DATE_FORMAT: DateFormat = 'US';

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && Object.hasOwn(DATE_FORMATS, value);
}

// Building an Intl.NumberFormat costs far more than using one, and a shelf of rows formats a
// price per row: one formatter per locale and currency, made on first use.
const formatters = new Map<string, Intl.NumberFormat | null>();

function currencyFormatter(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      formatter = null; // a code Intl does not know
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

function currencyOrDefault(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return DEFAULT_CURRENCY;
  return currencyFormatter('en-US', code) ? code : DEFAULT_CURRENCY;
}

/**
 * A price in the seller's currency, e.g. '$4.50' or '£1,200.00'. A missing or unknown currency
 * falls back to USD (the default preference) rather than failing the whole screen.
 */
export function formatPrice(
  amount: number | null | undefined,
  currency: string | null | undefined = DEFAULT_CURRENCY,
  locale = 'en-US',
): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const formatter = currencyFormatter(locale, currencyOrDefault(currency));
  if (!formatter) throw new RangeError(`Unknown locale ${locale}`);
  return formatter.format(amount);
}

/**
 * Reads a price the way sellers type it: '4.50', '$4.50', '£1,200', '4,50', '1.234,56', '12 EUR'.
 * When both '.' and ',' appear the last one is the decimal mark; a lone ',' followed by exactly
 * three digits is a thousands separator ('1,200'); a mark repeated is always thousands. Negative,
 * empty or non-numeric input gives null.
 */
export function parsePrice(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? text : null;
  if (text === null || text === undefined) return null;
  const digits = text
    .trim()
    .replace(/^(?:[$£€¥]|[A-Za-z]{3})\s*/, '')
    .replace(/\s*(?:[$£€¥]|[A-Za-z]{3})$/, '')
    .replace(/\s/g, '');
  if (!/^[\d.,]*\d[\d.,]*$/.test(digits)) return null;
  const lastMark = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  let normalised = digits;
  if (lastMark !== -1) {
    const mark = digits.charAt(lastMark);
    const otherMark = mark === '.' ? ',' : '.';
    const repeated = digits.indexOf(mark) !== lastMark;
    const thousandsComma = mark === ',' && digits.length - lastMark - 1 === 3;
    const isDecimal = digits.includes(otherMark) || (!repeated && !thousandsComma);
    const wholePart = isDecimal ? digits.slice(0, lastMark) : digits;
    if (/[.,]/.test(wholePart) && !/^\d{1,3}(?:[.,]\d{3})+$/.test(wholePart)) return null;
    const decimals = isDecimal ? `.${digits.slice(lastMark + 1)}` : '';
    normalised = wholePart.replace(/[.,]/g, '') + decimals;
  }
  if (!/^\d*\.?\d*$/.test(normalised) || !/\d/.test(normalised)) return null;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : null;
}

/** An ISO date shown in the seller's format; blank for no date, the raw text if it isn't a date. */
export function formatDate(
  isoDate: string | null | undefined,
  format: DateFormat | string | null | undefined = DEFAULT_DATE_FORMAT,
): string {
  if (!isoDate) return '';
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  const dd = String(date.day).padStart(2, '0');
  const mm = String(date.month).padStart(2, '0');
  const yyyy = String(date.year).padStart(4, '0');
  switch (isDateFormat(format) ? format : DEFAULT_DATE_FORMAT) {
    case 'US':
      return `${mm}/${dd}/${yyyy}`;
    case 'UK':
      return `${dd}/${mm}/${yyyy}`;
    case 'ISO':
      return `${yyyy}-${mm}-${dd}`;
  }
}

/**
 * Reads a date typed in the seller's format back to 'YYYY-MM-DD', or null. ISO input is always
 * accepted because it is unambiguous (and is what export writes). Day-first and month-first
 * formats accept '/', '.' or '-' and single-digit parts, since sellers type '3/7/2025'.
 */
export function parseDate(
  text: string | null | undefined,
  format: DateFormat | string | null | undefined = DEFAULT_DATE_FORMAT,
): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  const iso = parseIsoDate(trimmed);
  if (iso) return toIsoDate(iso);
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  const year = Number(match[3]);
  const effective = isDateFormat(format) ? format : DEFAULT_DATE_FORMAT;
  if (effective === 'ISO') return null;
  const date =
    effective === 'US' ? calendarDate(year, first, second) : calendarDate(year, second, first);
  return date ? toIsoDate(date) : null;
}
