// Pure helpers over the storage tree: shaping the nested query result and the immutable edits
// the mutations apply to the cached tree (optimistically, or with the server's answer).
import { removeIsle as renumberAfterIsleRemoval } from '../../domain/isle-numbering';
import { removeShelf as renumberAfterShelfRemoval } from '../../domain/shelf-numbering';
import { sortedIsles, sortedRooms, sortedShelves, sortedUnits } from '../../domain/storage-tree';
import { DEFAULT_UNIT_TYPE, parseUnitType } from '../../domain/unit-naming';
import type { Isle, Room, Shelf, ShelfPlace, Unit } from './types';

type UnitRow = Omit<Unit, 'unit_type'> & { unit_type: string };
/** A room as the tree query returns it (get-storage-tree.ts), before sorting. */
export type RoomRow = Omit<Room, 'isles'> & {
  isles: (Omit<Isle, 'units'> & { units: UnitRow[] })[];
};

export function toUnit(row: UnitRow): Unit {
  return {
    ...row,
    unit_type: parseUnitType(row.unit_type) ?? DEFAULT_UNIT_TYPE,
    shelves: sortedShelves(row.shelves),
  };
}

/** Rooms by room_index, isles by number, units by unit_index, shelves by number. */
export function toTree(rows: readonly RoomRow[]): Room[] {
  return sortedRooms(rows).map((room) => ({
    ...room,
    isles: sortedIsles(room.isles).map((isle) => ({
      ...isle,
      units: sortedUnits(isle.units).map(toUnit),
    })),
  }));
}

export function countUnits(rooms: readonly Room[]): number {
  let count = 0;
  for (const room of rooms) for (const isle of room.isles) count += isle.units.length;
  return count;
}

/** Every shelf by id with its parents, for naming an item's location in constant time. */
export function shelfPlaces(rooms: readonly Room[]): Map<string, ShelfPlace> {
  const places = new Map<string, ShelfPlace>();
  for (const room of rooms)
    for (const isle of room.isles)
      for (const unit of isle.units)
        for (const shelf of unit.shelves) places.set(shelf.shelf_id, { room, isle, unit, shelf });
  return places;
}

// --- immutable edits ------------------------------------------------------------------------
// Each returns the same object for untouched branches, so memoised rooms, isles and units that
// did not change do not re-render.

function mapRooms(rooms: readonly Room[], edit: (room: Room) => Room): Room[] {
  return rooms.map((room) => edit(room));
}

function mapIsles(room: Room, edit: (isle: Isle) => Isle): Room {
  let changed = false;
  const isles = room.isles.map((isle) => {
    const next = edit(isle);
    if (next !== isle) changed = true;
    return next;
  });
  return changed ? { ...room, isles } : room;
}

function mapUnits(isle: Isle, edit: (unit: Unit) => Unit): Isle {
  let changed = false;
  const units = isle.units.map((unit) => {
    const next = edit(unit);
    if (next !== unit) changed = true;
    return next;
  });
  return changed ? { ...isle, units } : isle;
}

export function addRoom(rooms: readonly Room[], room: Room): Room[] {
  return sortedRooms([...rooms.filter((r) => r.room_id !== room.room_id), room]);
}

export function renameRoom(rooms: readonly Room[], roomId: string, roomName: string): Room[] {
  return mapRooms(rooms, (room) =>
    room.room_id === roomId ? { ...room, room_name: roomName } : room,
  );
}

/** Without the room; the rest renumbered 1..n as remove_room does. */
export function removeRoom(rooms: readonly Room[], roomId: string): Room[] {
  return rooms
    .filter((room) => room.room_id !== roomId)
    .map((room, position) =>
      room.room_index === position + 1 ? room : { ...room, room_index: position + 1 },
    );
}

export function addIsle(rooms: readonly Room[], isle: Isle): Room[] {
  return mapRooms(rooms, (room) =>
    room.room_id === isle.room_id
      ? {
          ...room,
          isles: sortedIsles([...room.isles.filter((i) => i.isle_id !== isle.isle_id), isle]),
        }
      : room,
  );
}

export function setIsleNumber(rooms: readonly Room[], isleId: string, isleIndex: number): Room[] {
  return mapRooms(rooms, (room) => {
    if (!room.isles.some((isle) => isle.isle_id === isleId)) return room;
    return {
      ...room,
      isles: sortedIsles(
        room.isles.map((isle) =>
          isle.isle_id === isleId ? { ...isle, isle_index: isleIndex } : isle,
        ),
      ),
    };
  });
}

/** Without the isle; the room's other isles renumbered from 1 (docs/product.md#storage). */
export function removeIsle(rooms: readonly Room[], isleId: string): Room[] {
  return mapRooms(rooms, (room) => {
    if (!room.isles.some((isle) => isle.isle_id === isleId)) return room;
    const { remaining } = renumberAfterIsleRemoval(room.isles, isleId);
    // renumber() copies every isle; keep the ones whose number did not move.
    const before = new Map(room.isles.map((isle) => [isle.isle_id, isle]));
    return {
      ...room,
      isles: remaining.map((isle) => {
        const old = before.get(isle.isle_id);
        return old && old.isle_index === isle.isle_index ? old : isle;
      }),
    };
  });
}

export function addUnit(rooms: readonly Room[], unit: Unit): Room[] {
  return mapRooms(rooms, (room) =>
    mapIsles(room, (isle) =>
      isle.isle_id === unit.isle_id
        ? {
            ...isle,
            units: sortedUnits([...isle.units.filter((u) => u.unit_id !== unit.unit_id), unit]),
          }
        : isle,
    ),
  );
}

export function renameUnit(rooms: readonly Room[], unitId: string, unitName: string): Room[] {
  return mapRooms(rooms, (room) =>
    mapIsles(room, (isle) =>
      mapUnits(isle, (unit) => (unit.unit_id === unitId ? { ...unit, unit_name: unitName } : unit)),
    ),
  );
}

/** Without the unit; the isle goes too when it was its last (docs/product.md#storage). */
export function removeUnit(rooms: readonly Room[], unitId: string): Room[] {
  for (const room of rooms) {
    for (const isle of room.isles) {
      if (!isle.units.some((unit) => unit.unit_id === unitId)) continue;
      if (isle.units.length === 1) return removeIsle(rooms, isle.isle_id);
      return mapRooms(rooms, (r) =>
        mapIsles(r, (i) =>
          i.isle_id === isle.isle_id
            ? { ...i, units: i.units.filter((u) => u.unit_id !== unitId) }
            : i,
        ),
      );
    }
  }
  return [...rooms];
}

export function setUnitShelves(rooms: readonly Room[], unitId: string, shelves: Shelf[]): Room[] {
  return mapRooms(rooms, (room) =>
    mapIsles(room, (isle) =>
      mapUnits(isle, (unit) =>
        unit.unit_id === unitId ? { ...unit, shelves: sortedShelves(shelves) } : unit,
      ),
    ),
  );
}

export function findUnit(rooms: readonly Room[], unitId: string): Unit | undefined {
  for (const room of rooms)
    for (const isle of room.isles)
      for (const unit of isle.units) if (unit.unit_id === unitId) return unit;
  return undefined;
}

export function addShelf(rooms: readonly Room[], shelf: Shelf): Room[] {
  const unit = findUnit(rooms, shelf.unit_id);
  if (!unit) return [...rooms];
  return setUnitShelves(rooms, unit.unit_id, [
    ...unit.shelves.filter((s) => s.shelf_id !== shelf.shelf_id),
    shelf,
  ]);
}

/** Without the shelf; the unit's other shelves renumbered from 1 (docs/product.md#storage). */
export function removeShelf(rooms: readonly Room[], shelfId: string): Room[] {
  for (const room of rooms)
    for (const isle of room.isles)
      for (const unit of isle.units) {
        if (!unit.shelves.some((shelf) => shelf.shelf_id === shelfId)) continue;
        return setUnitShelves(
          rooms,
          unit.unit_id,
          renumberAfterShelfRemoval(unit.shelves, shelfId).remaining,
        );
      }
  return [...rooms];
}
