import type { UnitType } from '../../domain/unit-naming';

/** The storage tree as the inventory screen holds it: every level sorted by its number. */
export interface Shelf {
  shelf_id: string;
  shelf_index: number;
  unit_id: string;
}

export interface Unit {
  unit_id: string;
  unit_name: string;
  unit_type: UnitType;
  unit_index: number;
  isle_id: string;
  naming_convention: string;
  shelves: Shelf[];
}

export interface Isle {
  isle_id: string;
  isle_index: number;
  room_id: string;
  units: Unit[];
}

export interface Room {
  room_id: string;
  room_name: string;
  room_index: number;
  isles: Isle[];
}

/** A shelf with its parents, as search hits and the products table name a location. */
export interface ShelfPlace {
  room: Room;
  isle: Isle;
  unit: Unit;
  shelf: Shelf;
}
