// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SCHEME_COLOURS } from '../../../../src/domain/colour-schemes';
import {
  addExpiryDay,
  colourChoice,
  DEFAULT_PREFERENCES,
  expiryDayProblem,
  normaliseExpirySettings,
  preferencesFromRow,
  removeExpiryDay,
  toggleExpiryDay,
} from '../../../../src/data/settings/preferences';
import { preferencesRow } from '../../../../src/data/settings/save-preferences';
import { settingsTabFrom, SETTINGS_TABS } from '../../../../src/features/settings/settings-tabs';
import { newPasswordProblem } from '../../../../src/features/settings/password-rule';
import { accountIdOf } from '../../../../src/domain/ids';

describe('preferences defaults', () => {
  it('has every default of the spec', () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      currency: 'USD',
      date_format: 'US',
      expiry_notifications: [
        { days: 30, enabled: true },
        { days: 60, enabled: true },
        { days: 90, enabled: true },
      ],
      barcode_batch: false,
      barcode_lookup: true,
      storage_colors: {
        colors: SCHEME_COLOURS.default,
        currentScheme: 'default',
        customColors: {},
      },
      ebay_listings_date: 5,
      drag_confirm: true,
      ebay_country: 'GB',
      floor_size: 20,
    });
  });

  it('reads a missing row as the defaults', () => {
    expect(preferencesFromRow(null)).toEqual(DEFAULT_PREFERENCES);
  });

  it('reads the database defaults as the same defaults', () => {
    // the column defaults of supabase/schemas/60_preferences_notifications.sql
    const row = {
      account_id: 'u',
      currency: 'USD',
      date_format: 'US',
      expiry_notifications: [
        { days: 30, enabled: true },
        { days: 60, enabled: true },
        { days: 90, enabled: true },
      ],
      barcode_batch: false,
      barcode_lookup: true,
      storage_colors: { colors: {}, currentScheme: 'default', customColors: {} },
      ebay_listings_date: 5,
      drag_confirm: true,
      ebay_country: 'GB',
      floor_size: 20,
    };
    expect(preferencesFromRow(row)).toEqual(DEFAULT_PREFERENCES);
  });

  it('falls back per field on values a screen could not use', () => {
    const read = preferencesFromRow({
      currency: 'dollars',
      date_format: 'Klingon',
      expiry_notifications: 'often',
      barcode_batch: 'yes',
      storage_colors: { currentScheme: 'neon', customColors: { bin: 'red' } },
      ebay_listings_date: -3,
      drag_confirm: null,
      ebay_country: 'Britain',
      floor_size: 2.5,
    });
    expect(read).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('expiry reminder editing', () => {
  it('cleans a stored list: whole days in range, once each, ascending, enabled unless false', () => {
    expect(
      normaliseExpirySettings([
        { days: 60, enabled: false },
        { days: 7 },
        { days: 7, enabled: false },
        { days: 1.5, enabled: true },
        { days: -1, enabled: true },
        { days: 400, enabled: true },
        'junk',
      ]),
    ).toEqual([
      { days: 7, enabled: true },
      { days: 60, enabled: false },
    ]);
  });

  it('adds, toggles and removes a reminder', () => {
    const start = DEFAULT_PREFERENCES.expiry_notifications;
    const added = addExpiryDay(start, 7);
    expect(added.map((s) => s.days)).toEqual([7, 30, 60, 90]);
    expect(toggleExpiryDay(added, 30, false).find((s) => s.days === 30)).toEqual({
      days: 30,
      enabled: false,
    });
    expect(removeExpiryDay(added, 60).map((s) => s.days)).toEqual([7, 30, 90]);
    // the original is untouched
    expect(start.map((s) => s.days)).toEqual([30, 60, 90]);
  });

  it('explains why a reminder cannot be added', () => {
    const start = DEFAULT_PREFERENCES.expiry_notifications;
    expect(expiryDayProblem(Number.NaN, start)).toBe('Enter a whole number of days');
    expect(expiryDayProblem(366, start)).toBe('Choose between 0 and 365 days');
    expect(expiryDayProblem(-1, start)).toBe('Choose between 0 and 365 days');
    expect(expiryDayProblem(30, start)).toBe('A reminder for 30 days is already set');
    expect(expiryDayProblem(0, start)).toBeNull();
    expect(expiryDayProblem(365, start)).toBeNull();
  });
});

describe('colour choice', () => {
  it('stores the scheme, the custom colours and the colours in effect', () => {
    expect(colourChoice('ocean', { bin: '#ABCDEF' })).toEqual({
      colors: SCHEME_COLOURS.ocean,
      currentScheme: 'ocean',
      customColors: { bin: '#abcdef' },
    });
    expect(colourChoice('custom', { bin: '#ABCDEF' }).colors).toEqual({
      ...SCHEME_COLOURS.default,
      bin: '#abcdef',
    });
  });
});

describe('the row written on save', () => {
  it('writes only the fields given, with the owner', () => {
    expect(preferencesRow(accountIdOf('u1'), { currency: 'GBP', floor_size: 30 })).toEqual({
      currency: 'GBP',
      floor_size: 30,
      account_id: 'u1',
    });
  });
  it('writes reminders as plain {days, enabled} objects', () => {
    const row = preferencesRow(accountIdOf('u1'), {
      expiry_notifications: [{ days: 7, enabled: false, extra: 1 } as never],
    });
    expect(row.expiry_notifications).toEqual([{ days: 7, enabled: false }]);
  });
});

describe('settings tabs', () => {
  it('opens the tab the URL names, and General for anything else', () => {
    expect(SETTINGS_TABS.map((t) => t.id)).toEqual([
      'general',
      'notifications',
      'barcode',
      'appearance',
      'subscription',
      'security',
      'backups',
    ]);
    expect(settingsTabFrom('subscription')).toBe('subscription');
    expect(settingsTabFrom('backups')).toBe('backups');
    expect(settingsTabFrom(null)).toBe('general');
    expect(settingsTabFrom('constructor')).toBe('general');
  });
});

describe('new password', () => {
  it('needs 6 characters and the same text twice', () => {
    expect(newPasswordProblem('12345', '12345')).toBe('Use at least 6 characters');
    expect(newPasswordProblem('123456', '123457')).toBe('The two passwords do not match');
    expect(newPasswordProblem('123456', '123456')).toBeNull();
  });
});
