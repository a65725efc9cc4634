import type { Label } from './label-content';
import { locationPath } from './location-codes';
import { plural } from './plural';
import {
  sortedIsles,
  sortedRooms,
  sortedShelves,
  sortedUnits,
  type TreeRoom,
  type TreeShelf,
  type TreeUnit,
} from './storage-tree';

/** Units and shelves by id: the ones a reprint offer chose (issue #41). */
export interface ChosenPlaces {
  unitIds: readonly string[];
  shelfIds: readonly string[];
}

/** '2 units and 7 shelves', '3 shelves', '1 unit': how many places a choice holds. */
export function countPlaces({ unitIds, shelfIds }: ChosenPlaces): string {
  const units = `${unitIds.length} ${plural(unitIds.length, 'unit', 'units')}`;
  const shelves = `${shelfIds.length} ${plural(shelfIds.length, 'shelf', 'shelves')}`;
  if (unitIds.length === 0) return shelves;
  return shelfIds.length === 0 ? units : `${units} and ${shelves}`;
}

/**
 * Which places get a location label (issue #41): a whole room (its units and their shelves; every
 * room when roomId is ''), one unit and its shelves, or the units and shelves the reprint offer chose.
 */
export type LocationScope =
  | { kind: 'room'; roomId: string }
  | { kind: 'unit'; unitId: string }
  | ({ kind: 'chosen' } & ChosenPlaces);

export interface LabelPlace {
  kind: 'unit' | 'shelf';
  id: string;
  code: string;
  path: string;
}

/** The places of a scope in walking order, each unit before its shelves; rows without a code yet are left out. */
export function placesInScope(rooms: readonly TreeRoom[], scope: LocationScope): LabelPlace[] {
  const wanted = scope.kind === 'chosen' ? new Set(scope.shelfIds) : null;
  const wantedUnits = scope.kind === 'chosen' ? new Set(scope.unitIds) : null;
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
        if ((!wantedUnits || wantedUnits.has(unit.unit_id)) && unit.code)
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

/**
 * A change that alters the path printed on labels: removing a shelf or an isle renumbers the
 * ones left from 1 (docs/product.md#storage), renumbering an isle or renaming a unit renames
 * what is in it. Codes never change, so only the path line of those labels is out of date.
 */
export type PathChange =
  | { kind: 'remove-shelf'; shelfId: string }
  | { kind: 'remove-isle'; isleId: string }
  | { kind: 'renumber-isle'; isleId: string; isleIndex: number }
  | { kind: 'rename-unit'; unitId: string; unitName: string };

/** The rows left after removing one, renumbered from 1 in order: those whose number moves. */
function renumberedAfterRemoving<T>(
  sorted: readonly T[],
  removed: (row: T) => boolean,
  index: (row: T) => number,
): T[] {
  return sorted.filter((row) => !removed(row)).filter((row, n) => index(row) !== n + 1);
}

/**
 * The units and shelves, still there after `change`, whose printed path it alters, read from the
 * storage tree as it was before the change: what the reprint offer chooses. Places without a
 * code yet (not saved) are left out, as they have no label.
 */
export function placesRelabelledBy(rooms: readonly TreeRoom[], change: PathChange): ChosenPlaces {
  const unitIds: string[] = [];
  const shelfIds: string[] = [];
  const addShelves = (shelves: readonly TreeShelf[]) => {
    for (const shelf of shelves) if (shelf.code) shelfIds.push(shelf.shelf_id);
  };
  const addUnit = (unit: TreeUnit) => {
    if (unit.code) unitIds.push(unit.unit_id);
    addShelves(sortedShelves(unit.shelves));
  };
  for (const room of sortedRooms(rooms)) {
    const isles = sortedIsles(room.isles);
    const moved =
      change.kind === 'remove-isle' && isles.some((isle) => isle.isle_id === change.isleId)
        ? new Set(
            renumberedAfterRemoving(
              isles,
              (isle) => isle.isle_id === change.isleId,
              (isle) => isle.isle_index,
            ),
          )
        : null;
    for (const isle of isles) {
      const isleMoves =
        moved?.has(isle) ||
        (change.kind === 'renumber-isle' &&
          isle.isle_id === change.isleId &&
          isle.isle_index !== change.isleIndex);
      for (const unit of sortedUnits(isle.units)) {
        if (
          isleMoves ||
          (change.kind === 'rename-unit' &&
            unit.unit_id === change.unitId &&
            unit.unit_name !== change.unitName)
        ) {
          addUnit(unit);
        } else if (
          change.kind === 'remove-shelf' &&
          unit.shelves?.some((shelf) => shelf.shelf_id === change.shelfId)
        ) {
          addShelves(
            renumberedAfterRemoving(
              sortedShelves(unit.shelves),
              (shelf) => shelf.shelf_id === change.shelfId,
              (shelf) => shelf.shelf_index,
            ),
          );
        }
      }
    }
  }
  return { unitIds, shelfIds };
}
