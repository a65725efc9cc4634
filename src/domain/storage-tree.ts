// The seller's storage as plain data (rooms › isles › units › shelves), shaped like the nested
// select of docs/product.md#server-calls so query results can be passed straight in. Only the
// fields the rules read.

export interface TreeShelf {
  shelf_id: string;
  shelf_index: number;
  /** The label code (location-codes.ts); absent until the server has answered. */
  code?: string;
}

export interface TreeUnit {
  unit_id: string;
  unit_name: string;
  unit_index?: number | null;
  unit_type?: string | null;
  code?: string;
  shelves?: readonly TreeShelf[] | null;
}

export interface TreeIsle {
  isle_id: string;
  isle_index: number;
  units?: readonly TreeUnit[] | null;
}

export interface TreeRoom {
  room_id: string;
  room_name: string;
  room_index: number;
  isles?: readonly TreeIsle[] | null;
}

/** Where one shelf sits, with the parents needed to name it and to walk to it. */
export interface ShelfLocation {
  room: TreeRoom;
  isle: TreeIsle;
  unit: TreeUnit;
  shelf: TreeShelf;
}

// Units may lack unit_index on old rows; they then sort after indexed ones, by name.
function unitOrder(a: TreeUnit, b: TreeUnit): number {
  const byIndex =
    (a.unit_index ?? Number.MAX_SAFE_INTEGER) - (b.unit_index ?? Number.MAX_SAFE_INTEGER);
  return byIndex !== 0 ? byIndex : a.unit_name.localeCompare(b.unit_name);
}

export function sortedRooms<T extends TreeRoom>(rooms: readonly T[]): T[] {
  return [...rooms].sort((a, b) => a.room_index - b.room_index);
}

export function sortedIsles<T extends TreeIsle>(isles: readonly T[] | null | undefined): T[] {
  return [...(isles ?? [])].sort((a, b) => a.isle_index - b.isle_index);
}

export function sortedUnits<T extends TreeUnit>(units: readonly T[] | null | undefined): T[] {
  return [...(units ?? [])].sort(unitOrder);
}

export function sortedShelves<T extends TreeShelf>(shelves: readonly T[] | null | undefined): T[] {
  return [...(shelves ?? [])].sort((a, b) => a.shelf_index - b.shelf_index);
}

/** Every shelf by id, for looking up an item's location in constant time (5000 items). */
export function indexShelves(rooms: readonly TreeRoom[]): Map<string, ShelfLocation> {
  const byShelf = new Map<string, ShelfLocation>();
  for (const room of rooms) {
    for (const isle of room.isles ?? []) {
      for (const unit of isle.units ?? []) {
        for (const shelf of unit.shelves ?? [])
          byShelf.set(shelf.shelf_id, { room, isle, unit, shelf });
      }
    }
  }
  return byShelf;
}

/** 'Garage › Isle 2 › B › Shelf 3', the way a location is written everywhere in the product. */
export function writeLocation(
  roomName: string,
  isleIndex: number,
  unitName: string,
  shelfIndex: number,
): string {
  return [roomName, `Isle ${isleIndex}`, unitName, `Shelf ${shelfIndex}`].join(' › ');
}

/** A shelf's place in the tree, written as writeLocation writes it. */
export function locationLabel(location: ShelfLocation): string {
  return writeLocation(
    location.room.room_name,
    location.isle.isle_index,
    location.unit.unit_name,
    location.shelf.shelf_index,
  );
}

/** Orders two locations the way a picker walks: room, then isle, then unit, then shelf. */
export function compareWalkingOrder(a: ShelfLocation, b: ShelfLocation): number {
  return (
    a.room.room_index - b.room.room_index ||
    a.isle.isle_index - b.isle.isle_index ||
    unitOrder(a.unit, b.unit) ||
    a.shelf.shelf_index - b.shelf.shelf_index
  );
}
