// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { heldLines, locationLabel, placesInScope } from '../../../src/domain/location-labels';

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
    expect(placesInScope(rooms, { kind: 'shelves', shelfIds: ['s2'] })).toEqual([
      { kind: 'shelf', id: 's2', code: 'S-33333', path: 'Garage › Isle 2 › Unit A › Shelf 2' },
    ]);
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
