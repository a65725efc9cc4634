// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UNIT_TYPE,
  NAMING_CONVENTION,
  UNIT_SIZE_PRESETS,
  UNIT_TYPES,
  filterUnitsByType,
  isUnitType,
  nextUnitName,
  parseUnitType,
  unitNameAt,
  unitNamePosition,
} from '../../../src/domain/unit-naming';

describe('unit types and presets', () => {
  it('has the four spec types with box as the default', () => {
    expect(UNIT_TYPES).toEqual(['bay', 'box', 'cabinet', 'bin']);
    expect(DEFAULT_UNIT_TYPE).toBe('box');
    expect(NAMING_CONVENTION).toBe('alphabetical');
  });
  it('has the size presets SMALL 25, MEDIUM 50, LARGE 100', () => {
    expect(UNIT_SIZE_PRESETS).toEqual({ SMALL: 25, MEDIUM: 50, LARGE: 100 });
  });
  it('recognises only the four types', () => {
    expect(isUnitType('cabinet')).toBe(true);
    expect(isUnitType('Cabinet')).toBe(false);
    expect(isUnitType('drawer')).toBe(false);
    expect(isUnitType(3)).toBe(false);
  });
  it('reads loose input, defaulting a missing type to box and refusing unknown ones', () => {
    expect(parseUnitType(undefined)).toBe('box');
    expect(parseUnitType(null)).toBe('box');
    expect(parseUnitType('  ')).toBe('box');
    expect(parseUnitType(' BIN ')).toBe('bin');
    expect(parseUnitType('drawer')).toBeNull();
    expect(parseUnitType(7)).toBeNull();
  });
});

describe('alphabetical unit names', () => {
  it.each([
    [0, 'A'],
    [1, 'B'],
    [25, 'Z'],
    [26, 'AA'],
    [27, 'AB'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('position %i is %s', (position, name) => {
    expect(unitNameAt(position)).toBe(name);
    expect(unitNamePosition(name)).toBe(position);
  });
  it('refuses impossible positions', () => {
    expect(() => unitNameAt(-1)).toThrow(RangeError);
    expect(() => unitNameAt(1.5)).toThrow(RangeError);
  });
  it('has no position for names outside the sequence', () => {
    expect(unitNamePosition('A1')).toBeNull();
    expect(unitNamePosition('')).toBeNull();
    expect(unitNamePosition('Top shelf')).toBeNull();
    expect(unitNamePosition(' ab ')).toBe(27);
  });
  it('names the first unit A', () => {
    expect(nextUnitName([])).toBe('A');
  });
  it('takes the first unused name in the sequence', () => {
    expect(nextUnitName(['A', 'B'])).toBe('C');
    expect(nextUnitName(['A', 'C'])).toBe('B');
    expect(nextUnitName(['B'])).toBe('A');
  });
  it('continues past Z to AA', () => {
    const allLetters = Array.from({ length: 26 }, (_, i) => unitNameAt(i));
    expect(nextUnitName(allLetters)).toBe('AA');
    expect(nextUnitName([...allLetters, 'AA'])).toBe('AB');
  });
  it('ignores case, spaces and renamed units', () => {
    expect(nextUnitName([' a ', 'b', 'Pallet rack'])).toBe('C');
  });
});

describe('filterUnitsByType', () => {
  const units = [
    { unit_id: '1', unit_type: 'bay' },
    { unit_id: '2', unit_type: 'box' },
    { unit_id: '3', unit_type: null },
    { unit_id: '4', unit_type: 'bin' },
  ];
  it("returns every unit for 'all'", () => {
    expect(filterUnitsByType(units, 'all')).toEqual(units);
  });
  it('returns only the chosen type', () => {
    expect(filterUnitsByType(units, 'bay').map((u) => u.unit_id)).toEqual(['1']);
    expect(filterUnitsByType(units, 'cabinet')).toEqual([]);
  });
  it('counts a unit without a type as a box', () => {
    expect(filterUnitsByType(units, 'box').map((u) => u.unit_id)).toEqual(['2', '3']);
  });
});
