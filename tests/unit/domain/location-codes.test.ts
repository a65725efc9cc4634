// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findLocation, locationCode, parseLocationCode } from '../../../src/domain/location-codes';

const SHELF = '1a2b3c4d-0000-4000-8000-000000000001';
const UNIT = 'ffee0011-2233-4455-8899-aabbccddeeff';

describe('location codes', () => {
  it('prints shelves and units as short Code 128 values', () => {
    expect(locationCode('shelf', SHELF)).toBe('SR-SHELF-1A2B3C4D');
    expect(locationCode('unit', UNIT)).toBe('SR-UNIT-FFEE0011');
  });

  it('reads them back, in any case, and refuses item codes', () => {
    expect(parseLocationCode('SR-SHELF-1A2B3C4D')).toEqual({ kind: 'shelf', short: '1a2b3c4d' });
    expect(parseLocationCode(' sr-unit-ffee0011 ')).toEqual({ kind: 'unit', short: 'ffee0011' });
    expect(parseLocationCode('5012345678900')).toBeNull();
    expect(parseLocationCode('SR-SHELF-1A2B3C4')).toBeNull();
    expect(parseLocationCode('SR-BOX-1A2B3C4D')).toBeNull();
  });

  it('finds the seller’s shelf, and says when none or several match', () => {
    const shelves = [{ id: SHELF }, { id: '99999999-0000-4000-8000-000000000002' }];
    const parsed = parseLocationCode(locationCode('shelf', SHELF))!;
    expect(findLocation(parsed, shelves, (s) => s.id)).toEqual({ ok: true, place: shelves[0] });
    expect(findLocation(parsed, [], (s: { id: string }) => s.id)).toEqual({
      ok: false,
      reason: 'not-found',
    });
    const twins = [{ id: SHELF }, { id: '1a2b3c4d-ffff-4000-8000-000000000003' }];
    expect(findLocation(parsed, twins, (s) => s.id)).toEqual({ ok: false, reason: 'ambiguous' });
  });
});
