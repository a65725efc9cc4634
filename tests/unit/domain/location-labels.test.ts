// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  heldLines,
  locationLabel,
  placesInScope,
  placesRelabelledBy,
} from '../../../src/domain/location-labels';

const rooms = [
  {
    room_id: 'r1',
    room_name: 'Garage',
    room_index: 1,
    isles: [
      {
        isle_id: 'i1',
        isle_index: 2,
        units: [
          {
            unit_id: 'u1',
            unit_name: 'A',
            unit_index: 1,
            code: 'U-22222',
            shelves: [
              { shelf_id: 's2', shelf_index: 2, code: 'S-33333' },
              { shelf_id: 's1', shelf_index: 1, code: 'S-44444' },
              { shelf_id: 's3', shelf_index: 3 }, // optimistic: no code yet
            ],
          },
        ],
      },
    ],
  },
  { room_id: 'r2', room_name: 'Loft', room_index: 2, isles: [] },
];

describe('location labels', () => {
  it('a unit comes before its shelves, in order; shelves without a code are left out', () => {
    expect(placesInScope(rooms, { kind: 'unit', unitId: 'u1' }).map((p) => p.path)).toEqual([
      'Garage › Isle 2 › Unit A',
      'Garage › Isle 2 › Unit A › Shelf 1',
      'Garage › Isle 2 › Unit A › Shelf 2',
    ]);
    expect(placesInScope(rooms, { kind: 'room', roomId: '' })).toHaveLength(3);
    expect(placesInScope(rooms, { kind: 'room', roomId: 'r2' })).toEqual([]);
    expect(placesInScope(rooms, { kind: 'chosen', unitIds: [], shelfIds: ['s2'] })).toEqual([
      { kind: 'shelf', id: 's2', code: 'S-33333', path: 'Garage › Isle 2 › Unit A › Shelf 2' },
    ]);
    expect(
      placesInScope(rooms, { kind: 'chosen', unitIds: ['u1'], shelfIds: ['s1'] }).map(
        (p) => p.code,
      ),
    ).toEqual(['U-22222', 'S-44444']);
  });

  it('names the first things held and how many more', () => {
    expect(heldLines(['Teapot'], 2)).toEqual(['Teapot']);
    expect(heldLines(['Teapot', 'Kettle', 'Lamp'], 2)).toEqual(['Teapot', '+ 2 more']);
    const label = locationLabel(
      { kind: 'shelf', id: 's1', code: 'S-44444', path: 'Garage › Isle 2 › Unit A › Shelf 1' },
      ['Teapot'],
    );
    expect(label).toEqual({
      key: 's1',
      code: 'S-44444',
      format: 'CODE128',
      title: 'S-44444',
      lines: ['Garage › Isle 2 › Unit A › Shelf 1', 'Teapot'],
      qr: true,
    });
  });
});

describe('what a renumbering or renaming leaves out of date (the reprint offer)', () => {
  const shelf = (n: number, unit: string) => ({
    shelf_id: `${unit}-s${n}`,
    shelf_index: n,
    code: `S-${unit.toUpperCase()}${n}AAA`,
  });
  const unit = (id: string, name: string, shelves: number) => ({
    unit_id: id,
    unit_name: name,
    unit_index: 1,
    code: `U-${id.toUpperCase()}AAA`,
    shelves: Array.from({ length: shelves }, (_, i) => shelf(i + 1, id)),
  });
  const tree = [
    {
      room_id: 'r1',
      room_name: 'Garage',
      room_index: 1,
      isles: [
        { isle_id: 'i1', isle_index: 1, units: [unit('a', 'A', 4)] },
        { isle_id: 'i2', isle_index: 2, units: [unit('b', 'A', 1)] },
        { isle_id: 'i3', isle_index: 5, units: [unit('c', 'A', 2)] },
      ],
    },
  ];

  it('removing a shelf renumbers the ones above it, not the ones below', () => {
    expect(placesRelabelledBy(tree, { kind: 'remove-shelf', shelfId: 'a-s2' })).toEqual({
      unitIds: [],
      shelfIds: ['a-s3', 'a-s4'],
    });
    expect(placesRelabelledBy(tree, { kind: 'remove-shelf', shelfId: 'a-s4' })).toEqual({
      unitIds: [],
      shelfIds: [],
    });
  });

  it('removing an isle renumbers the isles after it from 1, gaps closed: their units and shelves', () => {
    // isle 1 goes: 2 becomes 1, 5 becomes 2
    expect(placesRelabelledBy(tree, { kind: 'remove-isle', isleId: 'i1' })).toEqual({
      unitIds: ['b', 'c'],
      shelfIds: ['b-s1', 'c-s1', 'c-s2'],
    });
    // isle 2 goes: 5 becomes 2, isle 1 stays
    expect(placesRelabelledBy(tree, { kind: 'remove-isle', isleId: 'i2' })).toEqual({
      unitIds: ['c'],
      shelfIds: ['c-s1', 'c-s2'],
    });
  });

  it('renumbering an isle or renaming a unit: what is in it, unless nothing changed', () => {
    expect(placesRelabelledBy(tree, { kind: 'renumber-isle', isleId: 'i2', isleIndex: 3 })).toEqual(
      { unitIds: ['b'], shelfIds: ['b-s1'] },
    );
    expect(placesRelabelledBy(tree, { kind: 'renumber-isle', isleId: 'i2', isleIndex: 2 })).toEqual(
      { unitIds: [], shelfIds: [] },
    );
    expect(placesRelabelledBy(tree, { kind: 'rename-unit', unitId: 'c', unitName: 'Top' })).toEqual(
      { unitIds: ['c'], shelfIds: ['c-s1', 'c-s2'] },
    );
    expect(placesRelabelledBy(tree, { kind: 'rename-unit', unitId: 'c', unitName: 'A' })).toEqual({
      unitIds: [],
      shelfIds: [],
    });
  });
});
