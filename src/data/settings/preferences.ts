import {
  COLOUR_SCHEMES,
  isColourScheme,
  isHexColour,
  schemeColours,
  type ColourScheme,
} from '../../domain/colour-schemes';
import {
  DEFAULT_CURRENCY,
  DEFAULT_DATE_FORMAT,
  isDateFormat,
  type DateFormat,
} from '../../domain/currency-date';
import { DEFAULT_EXPIRY_SETTINGS, type ExpirySetting } from '../../domain/expiry';
import { UNIT_TYPES, type UnitType } from '../../domain/unit-naming';

/**
 * The seller's preferences as the app uses them (docs/product.md#preferences), read from a
 * user_preferences row. Pure: every value is checked, so an old or hand-edited row can never break
 * a screen; anything unusable falls back to its default.
 */
export interface Preferences {
  currency: string;
  date_format: DateFormat;
  expiry_notifications: ExpirySetting[];
  barcode_batch: boolean;
  barcode_lookup: boolean;
  storage_colors: {
    /** The colours in effect, per unit type, so readers need not know the schemes. */
    colors: Record<UnitType, string>;
    currentScheme: ColourScheme;
    customColors: Partial<Record<UnitType, string>>;
  };
  ebay_listings_date: number;
  drag_confirm: boolean;
  ebay_country: string;
  floor_size: number;
}

export const DEFAULT_FLOOR_SIZE = 20;
export const DEFAULT_EBAY_COUNTRY = 'GB';
export const DEFAULT_EBAY_LISTINGS_DAYS = 5;
export const FLOOR_SIZE_RANGE = { min: 5, max: 200 } as const;
export const LISTINGS_DAYS_RANGE = { min: 1, max: 90 } as const;
export const EXPIRY_DAYS_RANGE = { min: 0, max: 365 } as const;

/** eBay marketplaces a seller can sell on, by country code (eBay's site ids). */
export const EBAY_COUNTRIES = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'IT', name: 'Italy' },
  { code: 'ES', name: 'Spain' },
  { code: 'IE', name: 'Ireland' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
] as const;

export const DEFAULT_PREFERENCES: Preferences = {
  currency: DEFAULT_CURRENCY,
  date_format: DEFAULT_DATE_FORMAT,
  expiry_notifications: DEFAULT_EXPIRY_SETTINGS.map((setting) => ({ ...setting })),
  barcode_batch: false,
  barcode_lookup: true,
  storage_colors: {
    colors: { ...schemeColours(null) },
    currentScheme: 'default',
    customColors: {},
  },
  ebay_listings_date: DEFAULT_EBAY_LISTINGS_DAYS,
  drag_confirm: true,
  ebay_country: DEFAULT_EBAY_COUNTRY,
  floor_size: DEFAULT_FLOOR_SIZE,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function integerIn(value: unknown, range: { min: number; max: number }, fallback: number): number {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= range.min &&
    value <= range.max
    ? value
    : fallback;
}

/** A clean list of reminders: whole days in range, each once, in ascending order. */
export function normaliseExpirySettings(value: unknown): ExpirySetting[] {
  if (!Array.isArray(value)) return DEFAULT_PREFERENCES.expiry_notifications.map((s) => ({ ...s }));
  const byDays = new Map<number, ExpirySetting>();
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    const days = entry.days;
    if (typeof days !== 'number' || !Number.isInteger(days)) continue;
    if (days < EXPIRY_DAYS_RANGE.min || days > EXPIRY_DAYS_RANGE.max || byDays.has(days)) continue;
    byDays.set(days, { days, enabled: entry.enabled !== false });
  }
  return [...byDays.values()].sort((a, b) => a.days - b.days);
}

export function normaliseStorageColours(value: unknown): Preferences['storage_colors'] {
  const stored = isRecord(value) ? value : {};
  const currentScheme = isColourScheme(stored.currentScheme) ? stored.currentScheme : 'default';
  const customColors: Partial<Record<UnitType, string>> = {};
  const custom = isRecord(stored.customColors) ? stored.customColors : {};
  for (const type of UNIT_TYPES) {
    const colour = custom[type];
    if (isHexColour(colour)) customColors[type] = colour.toLowerCase();
  }
  return {
    colors: { ...schemeColours({ currentScheme, customColors }) },
    currentScheme,
    customColors,
  };
}

/** Reads a user_preferences row (or nothing) into Preferences. */
export function preferencesFromRow(row: Record<string, unknown> | null | undefined): Preferences {
  if (!row) return { ...DEFAULT_PREFERENCES };
  const currency =
    typeof row.currency === 'string' && /^[A-Z]{3}$/.test(row.currency)
      ? row.currency
      : DEFAULT_CURRENCY;
  return {
    currency,
    date_format: isDateFormat(row.date_format) ? row.date_format : DEFAULT_DATE_FORMAT,
    expiry_notifications: normaliseExpirySettings(row.expiry_notifications),
    barcode_batch: typeof row.barcode_batch === 'boolean' ? row.barcode_batch : false,
    barcode_lookup: typeof row.barcode_lookup === 'boolean' ? row.barcode_lookup : true,
    storage_colors: normaliseStorageColours(row.storage_colors),
    ebay_listings_date: integerIn(
      row.ebay_listings_date,
      { min: 1, max: Number.MAX_SAFE_INTEGER },
      DEFAULT_EBAY_LISTINGS_DAYS,
    ),
    drag_confirm: typeof row.drag_confirm === 'boolean' ? row.drag_confirm : true,
    ebay_country:
      typeof row.ebay_country === 'string' && /^[A-Z]{2}$/.test(row.ebay_country)
        ? row.ebay_country
        : DEFAULT_EBAY_COUNTRY,
    floor_size: integerIn(
      row.floor_size,
      { min: 1, max: Number.MAX_SAFE_INTEGER },
      DEFAULT_FLOOR_SIZE,
    ),
  };
}

/** Why a reminder cannot be added, or null when it can. */
export function expiryDayProblem(days: number, existing: readonly ExpirySetting[]): string | null {
  if (!Number.isInteger(days)) return 'Enter a whole number of days';
  if (days < EXPIRY_DAYS_RANGE.min || days > EXPIRY_DAYS_RANGE.max)
    return `Choose between ${EXPIRY_DAYS_RANGE.min} and ${EXPIRY_DAYS_RANGE.max} days`;
  if (existing.some((setting) => setting.days === days))
    return `A reminder for ${days} days is already set`;
  return null;
}

export function addExpiryDay(existing: readonly ExpirySetting[], days: number): ExpirySetting[] {
  return normaliseExpirySettings([...existing, { days, enabled: true }]);
}

export function removeExpiryDay(existing: readonly ExpirySetting[], days: number): ExpirySetting[] {
  return existing.filter((setting) => setting.days !== days);
}

export function toggleExpiryDay(
  existing: readonly ExpirySetting[],
  days: number,
  enabled: boolean,
): ExpirySetting[] {
  return existing.map((setting) => (setting.days === days ? { ...setting, enabled } : setting));
}

/** The storage_colors value to save for a scheme choice (custom colours are kept either way). */
export function colourChoice(
  scheme: ColourScheme,
  customColors: Partial<Record<UnitType, string>>,
): Preferences['storage_colors'] {
  return normaliseStorageColours({ currentScheme: scheme, customColors });
}

export { COLOUR_SCHEMES };
