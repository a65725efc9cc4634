import { DEFAULT_UNIT_TYPE, UNIT_TYPES, isUnitType, type UnitType } from './unit-naming';

export const COLOUR_SCHEMES = [
  'default',
  'ocean',
  'forest',
  'sunset',
  'berry',
  'monochrome',
  'purple',
  'warm',
  'custom',
] as const;
export type ColourScheme = (typeof COLOUR_SCHEMES)[number];
export type UnitColours = Readonly<Record<UnitType, string>>;

// Every scheme gives the types the same lightness order (bay darkest, then cabinet, box, bin
// lightest), with a contrast of at least 1.3 between any two, so units stay distinguishable for
// colour-blind sellers, in the monochrome scheme and in print.
export const SCHEME_COLOURS: Readonly<Record<Exclude<ColourScheme, 'custom'>, UnitColours>> = {
  default: { bay: '#1d4ed8', box: '#fbbf24', cabinet: '#059669', bin: '#ede9fe' },
  ocean: { bay: '#1e3a8a', box: '#38bdf8', cabinet: '#0e7490', bin: '#a5f3fc' },
  forest: { bay: '#14532d', box: '#84cc16', cabinet: '#a16207', bin: '#d9f99d' },
  sunset: { bay: '#9f1239', box: '#fbbf24', cabinet: '#ea580c', bin: '#fde68a' },
  berry: { bay: '#831843', box: '#f472b6', cabinet: '#a21caf', bin: '#fbcfe8' },
  monochrome: { bay: '#111827', box: '#9ca3af', cabinet: '#4b5563', bin: '#e5e7eb' },
  purple: { bay: '#3b0764', box: '#c084fc', cabinet: '#7e22ce', bin: '#ede9fe' },
  warm: { bay: '#7f1d1d', box: '#f59e0b', cabinet: '#c2410c', bin: '#fed7aa' },
};

export const SCHEME_LABELS: Readonly<Record<ColourScheme, string>> = {
  default: 'Default',
  ocean: 'Ocean',
  forest: 'Forest',
  sunset: 'Sunset',
  berry: 'Berry',
  monochrome: 'Monochrome',
  purple: 'Purple',
  warm: 'Warm',
  custom: 'Custom',
};

/** preferences.storage_colors as stored; every part may be missing on old rows. */
export interface StorageColours {
  colors?: unknown;
  currentScheme?: string | null;
  customColors?: Partial<Record<string, string | null>> | null;
}

export function isColourScheme(value: unknown): value is ColourScheme {
  return typeof value === 'string' && (COLOUR_SCHEMES as readonly string[]).includes(value);
}

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
}

/**
 * The colour of each unit type under the seller's preferences. Custom colours fill in over the
 * default scheme, so a half-finished custom scheme (or a bad value) never leaves a unit uncoloured.
 */
export function schemeColours(preferences: StorageColours | null | undefined): UnitColours {
  const scheme = isColourScheme(preferences?.currentScheme) ? preferences.currentScheme : 'default';
  if (scheme !== 'custom') return SCHEME_COLOURS[scheme];
  const custom = preferences?.customColors ?? {};
  const colours = { ...SCHEME_COLOURS.default };
  for (const type of UNIT_TYPES) {
    const chosen = custom[type];
    if (isHexColour(chosen)) colours[type] = chosen.toLowerCase();
  }
  return colours;
}

/** A unit's colour; a unit without a known type is a box (the default type). */
export function unitColour(
  unitType: string | null | undefined,
  preferences: StorageColours | null | undefined,
): string {
  return schemeColours(preferences)[isUnitType(unitType) ? unitType : DEFAULT_UNIT_TYPE];
}

function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  const [red = 0, green = 0, blue = 0] = channels;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG contrast ratio between two '#rrggbb' colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  );
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/** Black or white, whichever reads better on a unit of this colour (for labels drawn on it). */
export function readableTextColour(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff')
    ? '#000000'
    : '#ffffff';
}

/** Hue bands (degrees, upper bound exclusive) and what a seller calls the colours in them. */
const HUE_NAMES: readonly [number, string][] = [
  [15, 'Red'],
  [38, 'Orange'],
  [50, 'Amber'],
  [68, 'Yellow'],
  [165, 'Green'],
  [195, 'Teal'],
  [250, 'Blue'],
  [295, 'Purple'],
  [330, 'Pink'],
  [360, 'Red'],
];

/**
 * A colour in words ('Blue', 'Light purple', 'Grey'), for a swatch's label: a letter or a hex
 * code tells a seller, or a screen reader, nothing (issue #39).
 */
export function colourName(hex: string): string {
  if (!isHexColour(hex)) return 'Colour not set';
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (chroma < 0.08) {
    if (lightness < 0.2) return 'Black';
    if (lightness > 0.93) return 'White';
    return lightness > 0.75 ? 'Light grey' : lightness < 0.35 ? 'Dark grey' : 'Grey';
  }
  if (lightness < 0.16) return 'Black';
  const hue =
    max === r
      ? (((g - b) / chroma) * 60 + 360) % 360
      : max === g
        ? ((b - r) / chroma) * 60 + 120
        : ((r - g) / chroma) * 60 + 240;
  const name = HUE_NAMES.find(([upTo]) => hue < upTo)?.[1] ?? 'Red';
  if (lightness > 0.8) return `Light ${name.toLowerCase()}`;
  if (lightness < 0.3) return `Dark ${name.toLowerCase()}`;
  return name;
}
