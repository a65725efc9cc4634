import type { Label } from './label-content';
import { locationPath } from './location-codes';
import {
  sortedIsles,
  sortedRooms,
  sortedShelves,
  sortedUnits,
  type TreeRoom,
} from './storage-tree';

/**
 * Which places get a location label (issue #41): a whole room (its units and their shelves; every
 * room when roomId is ''), one unit and its shelves, or chosen shelves (the reprint offer's).
 */
export type LocationScope =
  | { kind: 'room'; roomId: string }
  | { kind: 'unit'; unitId: string }
  | { kind: 'shelves'; shelfIds: readonly string[] };

export interface LabelPlace {
  kind: 'unit' | 'shelf';
  id: string;
  code: string;
  path: string;
}

/** The places of a scope in walking order, each unit before its shelves; rows without a code yet are left out. */
export function placesInScope(rooms: readonly TreeRoom[], scope: LocationScope): LabelPlace[] {
  const wanted = scope.kind === 'shelves' ? new Set(scope.shelfIds) : null;
  const places: LabelPlace[] = [];
  for (const room of sortedRooms(rooms)) {
    if (scope.kind === 'room' && scope.roomId !== '' && room.room_id !== scope.roomId) continue;
    for (const isle of sortedIsles(room.isles)) {
      for (const unit of sortedUnits(isle.units)) {
        if (scope.kind === 'unit' && unit.unit_id !== scope.unitId) continue;
        const parts = {
          room_name: room.room_name,
          isle_index: isle.isle_index,
          unit_name: unit.unit_name,
        };
        if (!wanted && unit.code)
          places.push({
            kind: 'unit',
            id: unit.unit_id,
            code: unit.code,
            path: locationPath(parts),
          });
        for (const shelf of sortedShelves(unit.shelves)) {
          if (wanted && !wanted.has(shelf.shelf_id)) continue;
          if (!shelf.code) continue;
          places.push({
            kind: 'shelf',
            id: shelf.shelf_id,
            code: shelf.code,
            path: locationPath({ ...parts, shelf_index: shelf.shelf_index }),
          });
        }
      }
    }
  }
  return places;
}

/**
 * The first lines of what a place holds: one item a line, the last one saying how many more.
 * Empty when it holds nothing.
 */
export function heldLines(names: readonly string[], maxLines: number): string[] {
  if (names.length <= maxLines) return [...names];
  const shown = names.slice(0, Math.max(maxLines - 1, 0));
  return [...shown, `+ ${names.length - shown.length} more`];
}

/** A location label: the code as QR and Code 128, the code in text, the path, what it holds. */
export function locationLabel(place: LabelPlace, held: readonly string[] = []): Label {
  return {
    key: place.id,
    code: place.code,
    format: 'CODE128',
    title: place.code,
    lines: [place.path, ...held],
    qr: true,
  };
}
