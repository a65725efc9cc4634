import {
  locationLabel,
  sortedIsles,
  sortedRooms,
  sortedShelves,
  sortedUnits,
  type TreeRoom,
} from '../../domain/storage-tree';

/**
 * The room › isle › unit › shelf choices of the "Place on shelf…" dialog, from the storage
 * tree: each level lists the children of the one chosen above it, in walking order.
 */
export interface ShelfChoice {
  roomId: string;
  isleId: string;
  unitId: string;
  shelfId: string;
}

export interface Option {
  id: string;
  label: string;
}

export function roomOptions(rooms: readonly TreeRoom[]): Option[] {
  return sortedRooms(rooms).map((r) => ({ id: r.room_id, label: r.room_name }));
}

export function isleOptions(rooms: readonly TreeRoom[], roomId: string): Option[] {
  const room = rooms.find((r) => r.room_id === roomId);
  return sortedIsles(room?.isles).map((i) => ({ id: i.isle_id, label: `Isle ${i.isle_index}` }));
}

export function unitOptions(rooms: readonly TreeRoom[], roomId: string, isleId: string): Option[] {
  const isle = rooms.find((r) => r.room_id === roomId)?.isles?.find((i) => i.isle_id === isleId);
  return sortedUnits(isle?.units).map((u) => ({ id: u.unit_id, label: u.unit_name }));
}

export function shelfOptions(
  rooms: readonly TreeRoom[],
  roomId: string,
  isleId: string,
  unitId: string,
): Option[] {
  const unit = rooms
    .find((r) => r.room_id === roomId)
    ?.isles?.find((i) => i.isle_id === isleId)
    ?.units?.find((u) => u.unit_id === unitId);
  return sortedShelves(unit?.shelves).map((s) => ({
    id: s.shelf_id,
    label: `Shelf ${s.shelf_index}`,
  }));
}

/**
 * A full choice from a partial one: a level left empty or no longer valid (after a change
 * above it) takes the first option below the level chosen, so the dialog always names a shelf
 * when the tree has one.
 */
export function completeChoice(
  rooms: readonly TreeRoom[],
  partial: Partial<ShelfChoice>,
): ShelfChoice | null {
  const pick = (options: Option[], id: string | undefined) =>
    options.find((o) => o.id === id)?.id ?? options[0]?.id;
  const roomId = pick(roomOptions(rooms), partial.roomId);
  if (!roomId) return null;
  const isleId = pick(isleOptions(rooms, roomId), partial.isleId);
  if (!isleId) return null;
  const unitId = pick(unitOptions(rooms, roomId, isleId), partial.unitId);
  if (!unitId) return null;
  const shelfId = pick(shelfOptions(rooms, roomId, isleId, unitId), partial.shelfId);
  if (!shelfId) return null;
  return { roomId, isleId, unitId, shelfId };
}

export function choiceLabel(rooms: readonly TreeRoom[], choice: ShelfChoice): string {
  const room = rooms.find((r) => r.room_id === choice.roomId)!;
  const isle = room.isles!.find((i) => i.isle_id === choice.isleId)!;
  const unit = isle.units!.find((u) => u.unit_id === choice.unitId)!;
  const shelf = unit.shelves!.find((s) => s.shelf_id === choice.shelfId)!;
  return locationLabel({ room, isle, unit, shelf });
}
