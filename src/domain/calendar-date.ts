// Calendar dates as 'YYYY-MM-DD' strings. Arithmetic is done on UTC day numbers, never on local
// Date objects, so a daylight-saving change can't make a day 23 or 25 hours long.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** The date when `value` is a real date in ISO form ('2025-02-30' is not), else null. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

/** Builds a date from parts, or null when it does not exist on the calendar. */
export function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (![year, month, day].every(Number.isInteger)) return null;
  const date = { year, month, day };
  return isRealDate(date) ? date : null;
}

export function toIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The seller's local calendar date for a moment, e.g. to work out "today" in the browser. */
export function localIsoDate(moment: Date): string {
  return toIsoDate({
    year: moment.getFullYear(),
    month: moment.getMonth() + 1,
    day: moment.getDate(),
  });
}

function dayNumber({ year, month, day }: CalendarDate): number {
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  return Math.round(utc.getTime() / MS_PER_DAY);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier), or null if either is invalid. */
export function daysBetween(from: string, to: string): number | null {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (!start || !end) return null;
  return dayNumber(end) - dayNumber(start);
}
