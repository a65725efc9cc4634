// Search hits and where they are, pure (tests/unit/features/items/search-hits.test.ts).
import { writeLocation } from '../../domain/storage-tree';
import type { ShelfPlace } from '../storage/types';
import type { Item } from './types';

export interface HitLocation {
  roomId: string;
  roomName: string;
  isleIndex: number;
  unitName: string;
  shelfIndex: number;
  shelfId: string;
}

export interface SearchHit {
  item_id: string;
  item_name: string;
  quantity: number;
  barcode: string | null;
  location: HitLocation | null;
}

/** Where a hit sits, written the product's one way, or 'Not on a shelf'. */
export function hitLocationLabel(location: HitLocation | null): string {
  if (!location) return 'Not on a shelf';
  return writeLocation(
    location.roomName,
    location.isleIndex,
    location.unitName,
    location.shelfIndex,
  );
}

export function placeToLocation(place: ShelfPlace | undefined): HitLocation | null {
  if (!place) return null;
  return {
    roomId: place.room.room_id,
    roomName: place.room.room_name,
    isleIndex: place.isle.isle_index,
    unitName: place.unit.unit_name,
    shelfIndex: place.shelf.shelf_index,
    shelfId: place.shelf.shelf_id,
  };
}

export function hitFromItem(item: Item, places: ReadonlyMap<string, ShelfPlace>): SearchHit {
  return {
    item_id: item.item_id,
    item_name: item.item_name,
    quantity: item.quantity,
    barcode: item.barcode,
    location: placeToLocation(item.shelf_id ? places.get(item.shelf_id) : undefined),
  };
}

/**
 * One row of the server's barcode search, with the location names embedded
 * (docs/product.md#search).
 */
export interface BarcodeSearchRow {
  item_id: string;
  item_name: string;
  quantity: number;
  barcode: string | null;
  shelf_id: string | null;
  storage_shelves: { shelf_index: number } | null;
  storage_units: {
    unit_name: string;
    storage_isles: {
      isle_index: number;
      room_id: string;
      storage_rooms: { room_name: string } | null;
    } | null;
  } | null;
}

export function hitFromRow(row: BarcodeSearchRow): SearchHit {
  const unit = row.storage_units;
  const isle = unit?.storage_isles;
  const room = isle?.storage_rooms;
  return {
    item_id: row.item_id,
    item_name: row.item_name,
    quantity: row.quantity,
    barcode: row.barcode,
    location:
      row.shelf_id && row.storage_shelves && unit && isle && room
        ? {
            roomId: isle.room_id,
            roomName: room.room_name,
            isleIndex: isle.isle_index,
            unitName: unit.unit_name,
            shelfIndex: row.storage_shelves.shelf_index,
            shelfId: row.shelf_id,
          }
        : null,
  };
}

/** The text as a LIKE pattern matching itself literally (%, _ and \ escaped). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A value for a PostgREST or=(...) filter: double-quoted so commas, dots and brackets in what
 * the seller typed cannot break the filter syntax.
 */
export function orFilterValue(value: string): string {
  return `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}
