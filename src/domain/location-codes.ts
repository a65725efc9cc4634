/**
 * Codes printed on shelf and unit labels (issue #41). The database gives every shelf and unit one
 * (supabase/schemas/30_storage.sql, "Location codes"): "S-" or "U-" and 5 (later 6) characters
 * from an alphabet without look-alikes, unique in the account and kept when shelves renumber, so
 * a printed label stays right. One scan then tells "this is a place" from "this is an item".
 */

import { unitTitle } from './say-once';
import { sortedShelves, type TreeRoom } from './storage-tree';

export type LocationKind = 'shelf' | 'unit';

/** No 0/O, 1/I/L: every character reads aloud and types back one way. */
export const LOCATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const PREFIX: Record<LocationKind, string> = { shelf: 'S-', unit: 'U-' };
const CODE = /^(S|U)-([2-9A-HJKMNP-Z]{5,6})$/;
// What a seller may type or a scanner send: any case, spaces around, the hyphen as a space or left out.
const TYPED = /^(S|U)[-\s]?([2-9A-HJKMNP-Z]{5,6})$/;

export interface ParsedLocationCode {
  kind: LocationKind;
  /** The code as the database holds it, e.g. "S-7KQ3M". */
  code: string;
}

/** True for a code exactly as the database gives it. */
export function isLocationCode(code: string): boolean {
  return CODE.test(code);
}

/** The place a scanned or typed code names, or null when it is not a location code. */
export function parseLocationCode(text: string): ParsedLocationCode | null {
  const match = TYPED.exec(text.trim().toUpperCase());
  if (!match) return null;
  const kind: LocationKind = match[1] === 'S' ? 'shelf' : 'unit';
  return { kind, code: `${PREFIX[kind]}${match[2]!}` };
}

// Labels printed before codes came from the database carry SR-SHELF-/SR-UNIT- and the first 8
// hex digits of the id; put-away still reads them so those labels keep working.
const LEGACY = /^SR-(SHELF|UNIT)-([0-9A-F]{8})$/i;

export interface LegacyLocationCode {
  kind: LocationKind;
  /** The id's first 8 hex digits, lower case. */
  short: string;
}

export function parseLegacyLocationCode(code: string): LegacyLocationCode | null {
  const match = LEGACY.exec(code.trim());
  if (!match) return null;
  return {
    kind: match[1]!.toUpperCase() === 'SHELF' ? 'shelf' : 'unit',
    short: match[2]!.toLowerCase(),
  };
}

export type LocationMatch<T> =
  { ok: true; place: T } | { ok: false; reason: 'not-found' | 'ambiguous' };

/** The seller's place a code names among `places`: by its code, or an old label by its id. */
export function findLocation<T>(
  parsed: ParsedLocationCode | LegacyLocationCode,
  places: Iterable<T>,
  of: (place: T) => { id: string; code: string },
): LocationMatch<T> {
  const hits: T[] = [];
  for (const place of places) {
    const { id, code } = of(place);
    const hit =
      'code' in parsed
        ? code === parsed.code
        : id.replace(/-/g, '').slice(0, 8).toLowerCase() === parsed.short;
    if (hit) hits.push(place);
  }
  if (hits.length === 1) return { ok: true, place: hits[0]! };
  return { ok: false, reason: hits.length === 0 ? 'not-found' : 'ambiguous' };
}

/** Either kind of location label a scan may be. */
export function readLocationLabel(text: string): ParsedLocationCode | LegacyLocationCode | null {
  return parseLocationCode(text) ?? parseLegacyLocationCode(text);
}

export interface PathParts {
  room_name: string;
  isle_index: number;
  unit_name: string;
  /** Absent for a unit's own path. */
  shelf_index?: number;
}

/** 'Garage › Isle 2 › Unit A › Shelf 3': a place as every screen and label names it. */
export function locationPath({ room_name, isle_index, unit_name, shelf_index }: PathParts): string {
  const unit = `${room_name} › Isle ${isle_index} › ${unitTitle(unit_name)}`;
  return shelf_index === undefined ? unit : `${unit} › Shelf ${shelf_index}`;
}

/** A shelf or unit a code names, with what it takes to go there and to name it. */
export interface CodedPlace {
  kind: LocationKind;
  code: string;
  roomId: string;
  isleId: string;
  unitId: string;
  /** The shelf itself; for a unit, its shelves in order. */
  shelfIds: string[];
  path: string;
}

export type CodeLookup =
  { ok: true; place: CodedPlace } | { ok: false; reason: 'not-a-code' | 'not-found' | 'ambiguous' };

/**
 * The place a code typed or scanned into the search bar or a shelf field names (issue #41):
 * a label's code, in any case and with or without the hyphen, or an old SR- label. 'not-a-code'
 * means the text is something else (an item's barcode, a name), to be searched as such.
 */
export function lookUpLocationCode(rooms: readonly TreeRoom[], text: string): CodeLookup {
  const parsed = readLocationLabel(text);
  if (!parsed) return { ok: false, reason: 'not-a-code' };
  const candidates: CodedPlace[] = [];
  for (const room of rooms) {
    for (const isle of room.isles ?? []) {
      for (const unit of isle.units ?? []) {
        const shelves = sortedShelves(unit.shelves);
        const at = { roomId: room.room_id, isleId: isle.isle_id, unitId: unit.unit_id };
        const parts = {
          room_name: room.room_name,
          isle_index: isle.isle_index,
          unit_name: unit.unit_name,
        };
        if (parsed.kind === 'unit') {
          candidates.push({
            kind: 'unit',
            code: unit.code ?? '',
            ...at,
            shelfIds: shelves.map((shelf) => shelf.shelf_id),
            path: locationPath(parts),
          });
          continue;
        }
        for (const shelf of shelves)
          candidates.push({
            kind: 'shelf',
            code: shelf.code ?? '',
            ...at,
            shelfIds: [shelf.shelf_id],
            path: locationPath({ ...parts, shelf_index: shelf.shelf_index }),
          });
      }
    }
  }
  const found = findLocation(parsed, candidates, (place) => ({
    id: place.kind === 'unit' ? place.unitId : place.shelfIds[0]!,
    code: place.code,
  }));
  return found.ok ? { ok: true, place: found.place } : found;
}
