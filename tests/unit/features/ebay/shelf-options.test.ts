// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TreeRoom } from '../../../../src/domain/storage-tree';
import {
  choiceLabel,
  completeChoice,
  isleOptions,
  roomOptions,
  shelfOptions,
  unitOptions,
} from '../../../../src/features/ebay/shelf-options';

const rooms: TreeRoom[] = [
  {
    room_id: 'r2',
    room_name: 'Loft',
    room_index: 2,
    isles: [
      {
        isle_id: 'i3',
        isle_index: 1,
        units: [{ unit_id: 'u9', unit_name: 'A', unit_index: 1, shelves: [] }],
      },
    ],
  },
  {
    room_id: 'r1',
    room_name: 'Garage',
    room_index: 1,
    isles: [
      {
        isle_id: 'i2',
        isle_index: 2,
        units: [
          {
            unit_id: 'u3',
            unit_name: 'A',
            unit_index: 1,
            shelves: [{ shelf_id: 's5', shelf_index: 1 }],
          },
        ],
      },
      {
        isle_id: 'i1',
        isle_index: 1,
        units: [
          {
            unit_id: 'u2',
            unit_name: 'B',
            unit_index: 2,
            shelves: [{ shelf_id: 's4', shelf_index: 1 }],
          },
          {
            unit_id: 'u1',
            unit_name: 'A',
            unit_index: 1,
            shelves: [
              { shelf_id: 's2', shelf_index: 2 },
              { shelf_id: 's1', shelf_index: 1 },
            ],
          },
        ],
      },
    ],
  },
];

describe('Place on shelf choices', () => {
  it('lists each level in walking order under the level above', () => {
    expect(roomOptions(rooms)).toEqual([
      { id: 'r1', label: 'Garage' },
      { id: 'r2', label: 'Loft' },
    ]);
    expect(isleOptions(rooms, 'r1').map((o) => o.label)).toEqual(['Isle 1', 'Isle 2']);
    expect(unitOptions(rooms, 'r1', 'i1').map((o) => o.label)).toEqual(['A', 'B']);
    expect(shelfOptions(rooms, 'r1', 'i1', 'u1').map((o) => o.label)).toEqual([
      'Shelf 1',
      'Shelf 2',
    ]);
    expect(shelfOptions(rooms, 'r1', 'i9', 'u1')).toEqual([]);
  });

  it('starts at the first shelf and follows a change of room down to its first shelf', () => {
    expect(completeChoice(rooms, {})).toEqual({
      roomId: 'r1',
      isleId: 'i1',
      unitId: 'u1',
      shelfId: 's1',
    });
    expect(completeChoice(rooms, { roomId: 'r1', isleId: 'i2' })).toEqual({
      roomId: 'r1',
      isleId: 'i2',
      unitId: 'u3',
      shelfId: 's5',
    });
    // A choice from another room below the new room is not kept.
    expect(completeChoice(rooms, { roomId: 'r1', isleId: 'i3', unitId: 'u9' })).toMatchObject({
      isleId: 'i1',
    });
  });

  it('has no choice when the chosen unit has no shelves or there are no rooms', () => {
    expect(completeChoice(rooms, { roomId: 'r2' })).toBeNull();
    expect(completeChoice([], {})).toBeNull();
  });

  it('names the choice the way locations are written everywhere', () => {
    expect(choiceLabel(rooms, { roomId: 'r1', isleId: 'i1', unitId: 'u1', shelfId: 's2' })).toBe(
      'Garage › Isle 1 › A › Shelf 2',
    );
  });
});
