import type { Database } from '../../lib/database.types';
import type { UnitType } from '../../domain/unit-naming';

type Row<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Row'];

/**
 * The storage tree as the app holds it, from the generated table types: every level sorted by
 * its number. It has the shape of domain/storage-tree's TreeRoom, so the pure rules take it.
 */
// code: the label code the database gives (issue #41); absent on a row added optimistically until
// the server's answer replaces it.
export type Shelf = Pick<Row<'storage_shelves'>, 'shelf_id' | 'shelf_index' | 'unit_id'> & {
  code?: string;
};

export type Unit = Pick<
  Row<'storage_units'>,
  'unit_id' | 'unit_name' | 'unit_index' | 'isle_id' | 'naming_convention'
> & { unit_type: UnitType; shelves: Shelf[]; code?: string };

export type Isle = Pick<Row<'storage_isles'>, 'isle_id' | 'isle_index' | 'room_id'> & {
  units: Unit[];
};

export type Room = Pick<Row<'storage_rooms'>, 'room_id' | 'room_name' | 'room_index'> & {
  isles: Isle[];
};

/** A shelf with its parents, as search hits and the products table name a location. */
export interface ShelfPlace {
  room: Room;
  isle: Isle;
  unit: Unit;
  shelf: Shelf;
}
