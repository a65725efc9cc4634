// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  daysBetween,
  localIsoDate,
  parseIsoDate,
  toIsoDate,
} from '../../../src/domain/calendar-date';

describe('parseIsoDate', () => {
  it('reads a real date', () => {
    expect(parseIsoDate('2025-03-09')).toEqual({ year: 2025, month: 3, day: 9 });
    expect(parseIsoDate(' 2024-02-29 ')).toEqual({ year: 2024, month: 2, day: 29 });
  });
  it.each([
    '2025-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '2025-1-5',
    '05/03/2025',
    '',
    '2025-03-09T10:00:00Z',
    '0000-01-01',
  ])('refuses %j', (value) => {
    expect(parseIsoDate(value)).toBeNull();
  });
});

describe('calendarDate and toIsoDate', () => {
  it('builds and writes real dates only', () => {
    expect(calendarDate(2025, 12, 31)).toEqual({ year: 2025, month: 12, day: 31 });
    expect(calendarDate(2023, 2, 29)).toBeNull();
    expect(calendarDate(2025, 1.5, 1)).toBeNull();
    expect(toIsoDate({ year: 987, month: 1, day: 2 })).toBe('0987-01-02');
  });
  it('gives the local calendar date of a moment', () => {
    expect(localIsoDate(new Date(2025, 0, 31, 23, 59))).toBe('2025-01-31');
  });
});

describe('daysBetween', () => {
  it('counts whole calendar days, negative going back', () => {
    expect(daysBetween('2025-01-01', '2025-01-31')).toBe(30);
    expect(daysBetween('2025-01-31', '2025-01-01')).toBe(-30);
    expect(daysBetween('2025-06-01', '2025-06-01')).toBe(0);
  });
  it('crosses month, leap day and year ends', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1);
  });
  it('is not thrown off by daylight-saving changes (US and EU spring/autumn)', () => {
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2);
    expect(daysBetween('2025-03-29', '2025-03-31')).toBe(2);
    expect(daysBetween('2025-10-25', '2025-10-27')).toBe(2);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
  });
  it('is null when either date is invalid', () => {
    expect(daysBetween('2025-02-30', '2025-03-01')).toBeNull();
    expect(daysBetween('2025-03-01', 'soon')).toBeNull();
  });
});
