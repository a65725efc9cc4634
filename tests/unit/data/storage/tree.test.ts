// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addIsle,
  addRoom,
  addShelf,
  addUnit,
  countUnits,
  removeIsle,
  removeRoom,
  removeShelf,
  removeUnit,
  renameRoom,
  renameUnit,
  setIsleNumber,
  shelfPlaces,
  toTree,
  type RoomRow,
} from '../../../../src/data/storage/tree';
import type { Room, Unit } from '../../../../src/data/storage/types';

function unit(id: string, name: string, isleId: string, shelves: number[], type = 'box'): Unit {
  return {
    unit_id: id,
    unit_name: name,
    unit_type: type as Unit['unit_type'],
    unit_index: name.charCodeAt(0) - 64,
    isle_id: isleId,
    naming_convention: 'alphabetical',
    shelves: shelves.map((n) => ({ shelf_id: `${id}-s${n}`, shelf_index: n, unit_id: id })),
  };
}

/** Garage: isle 1 (A: shelves 1-3, B: 1), isle 2 (A: 1), isle 3 (A); Shed: isle 1 (A). */
function garage(): Room[] {
  return [
    {
      room_id: 'garage',
      room_name: 'Garage',
      room_index: 1,
      isles: [
        {
          isle_id: 'i1',
          isle_index: 1,
          room_id: 'garage',
          units: [unit('u1a', 'A', 'i1', [1, 2, 3]), unit('u1b', 'B', 'i1', [1], 'bin')],
        },
        { isle_id: 'i2', isle_index: 2, room_id: 'garage', units: [unit('u2a', 'A', 'i2', [1])] },
        { isle_id: 'i3', isle_index: 3, room_id: 'garage', units: [unit('u3a', 'A', 'i3', [])] },
      ],
    },
    {
      room_id: 'shed',
      room_name: 'Shed',
      room_index: 2,
      isles: [
        { isle_id: 's1', isle_index: 1, room_id: 'shed', units: [unit('us', 'A', 's1', [1])] },
      ],
    },
  ];
}

describe('toTree', () => {
  it('sorts every level by its number and reads unknown unit types as box', () => {
    const raw: RoomRow[] = [
      {
        room_id: 'r2',
        room_name: 'Shed',
        room_index: 2,
        isles: [],
      },
      {
        room_id: 'r1',
        room_name: 'Garage',
        room_index: 1,
        isles: [
          { isle_id: 'b', isle_index: 2, room_id: 'r1', units: [] },
          {
            isle_id: 'a',
            isle_index: 1,
            room_id: 'r1',
            units: [
              {
                unit_id: 'u2',
                unit_name: 'B',
                unit_type: 'crate',
                unit_index: 2,
                isle_id: 'a',
                naming_convention: 'alphabetical',
                shelves: [],
              },
              {
                unit_id: 'u1',
                unit_name: 'A',
                unit_type: 'bay',
                unit_index: 1,
                isle_id: 'a',
                naming_convention: 'alphabetical',
                shelves: [
                  { shelf_id: 's2', shelf_index: 2, unit_id: 'u1' },
                  { shelf_id: 's1', shelf_index: 1, unit_id: 'u1' },
                ],
              },
            ],
          },
        ],
      },
    ];
    const tree = toTree(raw);
    expect(tree.map((r) => r.room_name)).toEqual(['Garage', 'Shed']);
    expect(tree[0]!.isles.map((i) => i.isle_index)).toEqual([1, 2]);
    expect(tree[0]!.isles[0]!.units.map((u) => [u.unit_name, u.unit_type])).toEqual([
      ['A', 'bay'],
      ['B', 'box'],
    ]);
    expect(tree[0]!.isles[0]!.units[0]!.shelves.map((s) => s.shelf_index)).toEqual([1, 2]);
  });
});

describe('counting and places', () => {
  it('counts units across rooms', () => {
    expect(countUnits(garage())).toBe(5);
    expect(countUnits([])).toBe(0);
  });

  it('finds every shelf with its room, isle and unit', () => {
    const places = shelfPlaces(garage());
    expect(places.size).toBe(6);
    const place = places.get('u1a-s3')!;
    expect([
      place.room.room_name,
      place.isle.isle_index,
      place.unit.unit_name,
      place.shelf.shelf_index,
    ]).toEqual(['Garage', 1, 'A', 3]);
  });
});

describe('edits', () => {
  it('removing the middle shelf renumbers the rest from 1', () => {
    const tree = removeShelf(garage(), 'u1a-s2');
    const shelves = tree[0]!.isles[0]!.units[0]!.shelves;
    expect(shelves.map((s) => [s.shelf_id, s.shelf_index])).toEqual([
      ['u1a-s1', 1],
      ['u1a-s3', 2],
    ]);
  });

  it('keeps untouched branches identical so memoised parts do not re-render', () => {
    const before = garage();
    const after = removeShelf(before, 'u1a-s2');
    expect(after[1]).toBe(before[1]);
    expect(after[0]!.isles[1]).toBe(before[0]!.isles[1]);
    expect(after[0]!.isles[0]!.units[1]).toBe(before[0]!.isles[0]!.units[1]);
  });

  it('adds a shelf in number order', () => {
    let tree = addShelf(garage(), { shelf_id: 'two', shelf_index: 2, unit_id: 'u3a' });
    tree = addShelf(tree, { shelf_id: 'one', shelf_index: 1, unit_id: 'u3a' });
    expect(tree[0]!.isles[2]!.units[0]!.shelves.map((s) => s.shelf_id)).toEqual(['one', 'two']);
  });

  it('removing an isle renumbers the room’s isles from 1', () => {
    const tree = removeIsle(garage(), 'i2');
    expect(tree[0]!.isles.map((i) => [i.isle_id, i.isle_index])).toEqual([
      ['i1', 1],
      ['i3', 2],
    ]);
    expect(tree[1]!.isles[0]!.isle_index).toBe(1);
  });

  it('removing a unit keeps the isle while it has other units', () => {
    const tree = removeUnit(garage(), 'u1b');
    expect(tree[0]!.isles[0]!.units.map((u) => u.unit_id)).toEqual(['u1a']);
    expect(tree[0]!.isles).toHaveLength(3);
  });

  it('removing the last unit of an isle removes the isle and renumbers', () => {
    const tree = removeUnit(garage(), 'u2a');
    expect(tree[0]!.isles.map((i) => [i.isle_id, i.isle_index])).toEqual([
      ['i1', 1],
      ['i3', 2],
    ]);
  });

  it('adds a unit in unit order and renames units and rooms', () => {
    const added = addUnit(garage(), unit('u1c', 'C', 'i1', []));
    expect(added[0]!.isles[0]!.units.map((u) => u.unit_name)).toEqual(['A', 'B', 'C']);
    const renamed = renameUnit(added, 'u1c', 'Top');
    expect(renamed[0]!.isles[0]!.units[2]!.unit_name).toBe('Top');
    expect(renameRoom(renamed, 'shed', 'Barn')[1]!.room_name).toBe('Barn');
  });

  it('adds an isle in number order and moves an isle to another number', () => {
    const added = addIsle(garage(), { isle_id: 'i0', isle_index: 5, room_id: 'shed', units: [] });
    expect(added[1]!.isles.map((i) => i.isle_index)).toEqual([1, 5]);
    const moved = setIsleNumber(garage(), 'i1', 7);
    expect(moved[0]!.isles.map((i) => [i.isle_id, i.isle_index])).toEqual([
      ['i2', 2],
      ['i3', 3],
      ['i1', 7],
    ]);
  });

  it('adds rooms in room_index order and renumbers rooms after a removal', () => {
    const added = addRoom(garage(), {
      room_id: 'attic',
      room_name: 'Attic',
      room_index: 3,
      isles: [],
    });
    expect(added.map((r) => r.room_name)).toEqual(['Garage', 'Shed', 'Attic']);
    const removed = removeRoom(added, 'garage');
    expect(removed.map((r) => [r.room_name, r.room_index])).toEqual([
      ['Shed', 1],
      ['Attic', 2],
    ]);
  });
});
