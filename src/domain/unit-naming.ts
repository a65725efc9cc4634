export const UNIT_TYPES = ['bay', 'box', 'cabinet', 'bin'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const DEFAULT_UNIT_TYPE: UnitType = 'box';

/**
 * Stored on every unit at creation (docs/product.md#storage); the only convention the product has.
 */
export const NAMING_CONVENTION = 'alphabetical';

export const UNIT_SIZE_PRESETS = { SMALL: 25, MEDIUM: 50, LARGE: 100 } as const;
export type UnitSizePreset = keyof typeof UNIT_SIZE_PRESETS;

export function isUnitType(value: unknown): value is UnitType {
  return typeof value === 'string' && (UNIT_TYPES as readonly string[]).includes(value);
}

/**
 * Reads a unit type from loose input (a form, an old row). Missing means the default box;
 * anything else unknown is refused rather than silently turned into a box.
 */
export function parseUnitType(value: unknown): UnitType | null {
  if (value === undefined || value === null) return DEFAULT_UNIT_TYPE;
  if (typeof value !== 'string') return null;
  const cleaned = value.trim().toLowerCase();
  if (cleaned === '') return DEFAULT_UNIT_TYPE;
  return isUnitType(cleaned) ? cleaned : null;
}

/**
 * The name at a 0-based position in the sequence A … Z, AA, AB … AZ, BA … ZZ, AAA …
 * (spreadsheet-column style: bijective base 26, so there is no "A0").
 */
export function unitNameAt(position: number): string {
  if (!Number.isInteger(position) || position < 0) {
    throw new RangeError(`Unit name position must be a whole number from 0, got ${position}`);
  }
  let name = '';
  let remaining = position + 1;
  while (remaining > 0) {
    const letter = (remaining - 1) % 26;
    name = String.fromCharCode(65 + letter) + name;
    remaining = Math.floor((remaining - 1) / 26);
  }
  return name;
}

/** The inverse of unitNameAt, or null when the name is not a plain letter sequence. */
export function unitNamePosition(name: string): number | null {
  const cleaned = name.trim().toUpperCase();
  if (!/^[A-Z]+$/.test(cleaned)) return null;
  let value = 0;
  for (const character of cleaned) value = value * 26 + (character.charCodeAt(0) - 64);
  return value - 1;
}

/**
 * The next unit in an isle takes the first name of the sequence not in use. Sellers may have
 * renamed units ("a", " B "), so names are compared trimmed and case-insensitively.
 */
export function nextUnitName(existingNames: readonly string[]): string {
  const taken = new Set(existingNames.map((name) => name.trim().toUpperCase()));
  let position = 0;
  while (taken.has(unitNameAt(position))) position += 1;
  return unitNameAt(position);
}

export type UnitTypeFilter = UnitType | 'all';

export function filterUnitsByType<T extends { unit_type: string | null }>(
  units: readonly T[],
  filter: UnitTypeFilter,
): T[] {
  if (filter === 'all') return [...units];
  // A unit stored without a type is a box, so the box filter must show it.
  return units.filter((unit) => (unit.unit_type ?? DEFAULT_UNIT_TYPE) === filter);
}
