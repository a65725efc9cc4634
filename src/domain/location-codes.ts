/**
 * Codes printed on shelf and unit labels, so put-away mode can tell "this is a place" from
 * "this is an item" with one scan. SR-SHELF-1a2b3c4d / SR-UNIT-1a2b3c4d carry the first 8 hex
 * digits of the id: short enough for a crisp Code 128 on a 62 mm label (a whole UUID would need
 * bars too thin for most scanners), and 32 bits make a clash among one seller's few hundred
 * shelves vanishingly rare; a clash is still detected and reported rather than guessed.
 */

export type LocationKind = 'shelf' | 'unit';

const PREFIX: Record<LocationKind, string> = { shelf: 'SR-SHELF-', unit: 'SR-UNIT-' };
const SHORT_LENGTH = 8;
const PATTERN = /^SR-(SHELF|UNIT)-([0-9A-F]{8})$/i;

const shortId = (id: string): string => id.replace(/-/g, '').slice(0, SHORT_LENGTH).toLowerCase();

export function locationCode(kind: LocationKind, id: string): string {
  return `${PREFIX[kind]}${shortId(id).toUpperCase()}`;
}

export interface ParsedLocationCode {
  kind: LocationKind;
  /** The short id, lower case. */
  short: string;
}

/** The place a scanned code names, or null when it is an ordinary item code. */
export function parseLocationCode(code: string): ParsedLocationCode | null {
  const match = PATTERN.exec(code.trim());
  if (!match) return null;
  return {
    kind: match[1]!.toUpperCase() === 'SHELF' ? 'shelf' : 'unit',
    short: match[2]!.toLowerCase(),
  };
}

export type LocationMatch<T> =
  { ok: true; place: T } | { ok: false; reason: 'not-found' | 'ambiguous' };

/** Finds the seller's shelf or unit a label names among `places` (by id). */
export function findLocation<T>(
  parsed: ParsedLocationCode,
  places: Iterable<T>,
  idOf: (place: T) => string,
): LocationMatch<T> {
  const hits: T[] = [];
  for (const place of places) if (shortId(idOf(place)) === parsed.short) hits.push(place);
  if (hits.length === 1) return { ok: true, place: hits[0]! };
  return { ok: false, reason: hits.length === 0 ? 'not-found' : 'ambiguous' };
}
