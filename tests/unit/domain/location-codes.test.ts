// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  LOCATION_CODE_ALPHABET,
  findLocation,
  isLocationCode,
  locationPath,
  lookUpLocationCode,
  parseLocationCode,
  readLocationLabel,
} from '../../../src/domain/location-codes';

const SHELF = '1a2b3c4d-0000-4000-8000-000000000001';

describe('location codes', () => {
  it('use an alphabet without look-alikes', () => {
    expect(LOCATION_CODE_ALPHABET).toHaveLength(31);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L'])
      expect(LOCATION_CODE_ALPHABET).not.toContain(lookAlike);
    expect(isLocationCode('S-7KQ3M')).toBe(true);
    expect(isLocationCode('U-7KQ3MZ')).toBe(true);
    expect(isLocationCode('S-7KQ3')).toBe(false);
    expect(isLocationCode('S-7KQ0M')).toBe(false);
    expect(isLocationCode('X-7KQ3M')).toBe(false);
  });

  it('read a scanned or typed code back, in any case, with or without the hyphen', () => {
    expect(parseLocationCode('S-7KQ3M')).toEqual({ kind: 'shelf', code: 'S-7KQ3M' });
    expect(parseLocationCode(' u-7kq3m ')).toEqual({ kind: 'unit', code: 'U-7KQ3M' });
    expect(parseLocationCode('s 7kq3m')).toEqual({ kind: 'shelf', code: 'S-7KQ3M' });
    expect(parseLocationCode('S7KQ3M')).toEqual({ kind: 'shelf', code: 'S-7KQ3M' });
    expect(parseLocationCode('5012345678900')).toBeNull();
    expect(parseLocationCode('S-7KQ1M')).toBeNull();
  });

  it('find the seller’s place by its code, and old SR- labels by the id', () => {
    const shelves = [
      { id: SHELF, code: 'S-7KQ3M' },
      { id: '99999999-0000-4000-8000-000000000002', code: 'S-22222' },
    ];
    const of = (s: { id: string; code: string }) => s;
    expect(findLocation(parseLocationCode('s-22222')!, shelves, of)).toEqual({
      ok: true,
      place: shelves[1],
    });
    expect(findLocation(parseLocationCode('S-33333')!, shelves, of)).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(findLocation(readLocationLabel('SR-SHELF-1A2B3C4D')!, shelves, of)).toEqual({
      ok: true,
      place: shelves[0],
    });
    const twins = [...shelves, { id: '1a2b3c4d-ffff-4000-8000-000000000003', code: 'S-44444' }];
    expect(findLocation(readLocationLabel('sr-shelf-1a2b3c4d')!, twins, of)).toEqual({
      ok: false,
      reason: 'ambiguous',
    });
    expect(readLocationLabel('5012345678900')).toBeNull();
  });

  it('name a place by its path', () => {
    const unit = { room_name: 'Garage', isle_index: 2, unit_name: 'A' };
    expect(locationPath(unit)).toBe('Garage › Isle 2 › Unit A');
    expect(locationPath({ ...unit, shelf_index: 3 })).toBe('Garage › Isle 2 › Unit A › Shelf 3');
  });
});

describe('a code typed or scanned into the search bar or a shelf field', () => {
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
              code: 'U-7KQ3M',
              shelves: [
                { shelf_id: SHELF, shelf_index: 2, code: 'S-7KQ3M' },
                { shelf_id: 's1', shelf_index: 1, code: 'S-22222' },
              ],
            },
            { unit_id: 'u2', unit_name: 'B', code: 'U-33333', shelves: [] },
          ],
        },
      ],
    },
  ];

  it('names the shelf, in any case and without the hyphen, with its path', () => {
    expect(lookUpLocationCode(rooms, 's7kq3m')).toEqual({
      ok: true,
      place: {
        kind: 'shelf',
        code: 'S-7KQ3M',
        roomId: 'r1',
        isleId: 'i1',
        unitId: 'u1',
        shelfIds: [SHELF],
        path: 'Garage › Isle 2 › Unit A › Shelf 2',
      },
    });
  });

  it('names a unit with its shelves in order, and an empty unit too', () => {
    const unit = lookUpLocationCode(rooms, 'U-7KQ3M');
    expect(unit).toMatchObject({
      ok: true,
      place: {
        kind: 'unit',
        unitId: 'u1',
        shelfIds: ['s1', SHELF],
        path: 'Garage › Isle 2 › Unit A',
      },
    });
    expect(lookUpLocationCode(rooms, 'u-33333')).toMatchObject({
      ok: true,
      place: { kind: 'unit', unitId: 'u2', shelfIds: [] },
    });
  });

  it('reads an old SR- label by the id', () => {
    expect(lookUpLocationCode(rooms, 'SR-SHELF-1A2B3C4D')).toMatchObject({
      ok: true,
      place: { shelfIds: [SHELF] },
    });
  });

  it('tells a code of no place here from text that is no code at all', () => {
    expect(lookUpLocationCode(rooms, 'S-99999')).toEqual({ ok: false, reason: 'not-found' });
    // a unit code is never taken for a shelf's, though the characters match
    expect(lookUpLocationCode(rooms, 'U-22222')).toEqual({ ok: false, reason: 'not-found' });
    expect(lookUpLocationCode(rooms, '5012345678900')).toEqual({ ok: false, reason: 'not-a-code' });
    expect(lookUpLocationCode(rooms, 'Teapot')).toEqual({ ok: false, reason: 'not-a-code' });
  });
});
