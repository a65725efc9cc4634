import type { LayoutIsle, RoomCamera } from '../../domain/layout-3d';

/** A room as the 3D view draws it: camera columns and isles › units › shelves. */
export interface RoomLayout extends RoomCamera {
  room_id: string;
  room_name: string;
  isles: LayoutIsle[];
}

export interface RawRoom extends RoomCamera {
  room_id: string;
  room_name: string;
  storage_isles: Array<
    Omit<LayoutIsle, 'units'> & {
      storage_units: Array<{
        unit_id: string;
        unit_name: string;
        unit_type: string;
        unit_index: number;
        position3D?: unknown;
        storage_shelves: Array<{ shelf_id: string; shelf_index: number }>;
      }>;
    }
  >;
}

export function toRoomLayout(raw: RawRoom): RoomLayout {
  const { storage_isles: isles, ...room } = raw;
  return {
    ...room,
    isles: [...isles]
      .sort((a, b) => a.isle_index - b.isle_index)
      .map(({ storage_units: units, ...isle }) => ({
        ...isle,
        units: units.map(({ storage_shelves: shelves, ...unit }) => ({ ...unit, shelves })),
      })),
  };
}
