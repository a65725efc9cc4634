// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  compareWalkingOrder,
  indexShelves,
  locationLabel,
  sortedIsles,
  sortedRooms,
  sortedShelves,
  sortedUnits,
} from '../../../src/domain/storage-tree';
import { matchKey } from '../../../src/domain/text-match';
import { storage } from './storage-fixture';

describe('indexShelves', () => {
  const shelves = indexShelves(storage);

  it('finds every shelf with its room, isle and unit', () => {
    expect(shelves.size).toBe(7);
    const location = shelves.get('garage-1-b-2');
    expect(location?.room.room_name).toBe('Garage');
    expect(location?.isle.isle_index).toBe(1);
    expect(location?.unit.unit_name).toBe('B');
    expect(location?.shelf.shelf_index).toBe(2);
  });
  it('copes with rooms, isles and units that have no children', () => {
    const sparse = indexShelves([
      { room_id: 'r', room_name: 'Empty', room_index: 1 },
      {
        room_id: 's',
        room_name: 'Bare',
        room_index: 2,
        isles: [{ isle_id: 'i', isle_index: 1, units: null }],
      },
    ]);
    expect(sparse.size).toBe(0);
  });
});

describe('locationLabel', () => {
  it("reads 'Room › Isle n › Unit › Shelf n'", () => {
    const location = indexShelves(storage).get('garage-1-b-2');
    expect(location && locationLabel(location)).toBe('Garage › Isle 1 › B › Shelf 2');
  });
});

describe('ordering', () => {
  it('sorts each level by its index', () => {
    expect(sortedRooms(storage).map((room) => room.room_name)).toEqual(['Garage', 'Loft']);
    const garage = sortedRooms(storage)[0];
    expect(sortedIsles(garage?.isles).map((isle) => isle.isle_index)).toEqual([1, 2]);
    const isleOne = sortedIsles(garage?.isles)[0];
    expect(sortedUnits(isleOne?.units).map((unit) => unit.unit_name)).toEqual(['A', 'B']);
    expect(
      sortedShelves(sortedUnits(isleOne?.units)[1]?.shelves).map((shelf) => shelf.shelf_index),
    ).toEqual([1, 2]);
    expect(sortedIsles(undefined)).toEqual([]);
  });
  it('puts units without an index after indexed ones, by name', () => {
    const units = [
      { unit_id: '1', unit_name: 'Z', unit_index: null },
      { unit_id: '2', unit_name: 'C' },
      { unit_id: '3', unit_name: 'Q', unit_index: 4 },
    ];
    expect(sortedUnits(units).map((unit) => unit.unit_name)).toEqual(['Q', 'C', 'Z']);
  });
  it('compares locations in walking order: room, isle, unit, shelf', () => {
    const shelves = indexShelves(storage);
    const ordered = [...shelves.values()]
      .sort(compareWalkingOrder)
      .map((location) => location.shelf.shelf_id);
    expect(ordered).toEqual([
      'garage-1-a-1',
      'garage-1-a-2',
      'garage-1-a-3',
      'garage-1-b-1',
      'garage-1-b-2',
      'garage-2-a-1',
      'loft-1-a-1',
    ]);
  });
});

describe('matchKey', () => {
  it('ignores case and surrounding spaces only', () => {
    expect(matchKey(' Garage ')).toBe(matchKey('GARAGE'));
    expect(matchKey('Garage 2')).not.toBe(matchKey('Garage'));
    expect(matchKey(null)).toBe('');
  });
});
