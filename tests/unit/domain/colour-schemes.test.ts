// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  COLOUR_SCHEMES,
  colourName,
  SCHEME_COLOURS,
  contrastRatio,
  isHexColour,
  readableTextColour,
  schemeColours,
  unitColour,
} from '../../../src/domain/colour-schemes';
import { UNIT_TYPES } from '../../../src/domain/unit-naming';

function rgbDistance(a: string, b: string): number {
  const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const [x, y] = [channels(a), channels(b)];
  return Math.hypot(...x.map((value, i) => value - (y[i] ?? 0)));
}

describe('schemes', () => {
  it('offers the nine spec schemes', () => {
    expect(COLOUR_SCHEMES).toEqual([
      'default',
      'ocean',
      'forest',
      'sunset',
      'berry',
      'monochrome',
      'purple',
      'warm',
      'custom',
    ]);
  });
  it.each(Object.entries(SCHEME_COLOURS))(
    '%s colours every unit type with a valid hex colour',
    (_name, colours) => {
      expect(Object.keys(colours).sort()).toEqual([...UNIT_TYPES].sort());
      expect(Object.values(colours).every(isHexColour)).toBe(true);
    },
  );
  it.each(Object.entries(SCHEME_COLOURS))(
    '%s keeps its four unit types visibly apart',
    (_name, colours) => {
      const values = Object.values(colours);
      for (const [i, a] of values.entries()) {
        for (const b of values.slice(i + 1)) expect(rgbDistance(a, b)).toBeGreaterThan(60);
      }
    },
  );
  it.each(Object.entries(SCHEME_COLOURS))(
    '%s separates its types by lightness too, in the same order as every scheme',
    (_name, colours) => {
      const darkestFirst = (['bay', 'cabinet', 'box', 'bin'] as const).map((type) => colours[type]);
      for (const [i, darker] of darkestFirst.entries()) {
        const lighter = darkestFirst[i + 1];
        if (lighter === undefined) continue;
        expect(contrastRatio(lighter, '#000000')).toBeGreaterThan(contrastRatio(darker, '#000000'));
        expect(contrastRatio(darker, lighter)).toBeGreaterThan(1.3);
      }
    },
  );
});

describe('resolving colours from preferences', () => {
  it('uses the default scheme with no preferences', () => {
    expect(schemeColours(undefined)).toEqual(SCHEME_COLOURS.default);
    expect(schemeColours({})).toEqual(SCHEME_COLOURS.default);
    expect(unitColour('bay', null)).toBe(SCHEME_COLOURS.default.bay);
  });
  it('uses the chosen scheme', () => {
    expect(unitColour('bin', { currentScheme: 'ocean' })).toBe(SCHEME_COLOURS.ocean.bin);
  });
  it('falls back to default for an unknown scheme', () => {
    expect(unitColour('bin', { currentScheme: 'neon' })).toBe(SCHEME_COLOURS.default.bin);
  });
  it('colours a unit of unknown type as a box', () => {
    expect(unitColour(null, { currentScheme: 'forest' })).toBe(SCHEME_COLOURS.forest.box);
    expect(unitColour('drawer', { currentScheme: 'forest' })).toBe(SCHEME_COLOURS.forest.box);
  });
  it('uses custom colours, filling gaps and bad values from the default scheme', () => {
    const preferences = {
      currentScheme: 'custom',
      customColors: { bay: '#ABCDEF', box: 'red', bin: null },
    };
    expect(schemeColours(preferences)).toEqual({
      bay: '#abcdef',
      box: SCHEME_COLOURS.default.box,
      cabinet: SCHEME_COLOURS.default.cabinet,
      bin: SCHEME_COLOURS.default.bin,
    });
  });
  it('ignores custom colours unless the custom scheme is chosen', () => {
    expect(unitColour('bay', { currentScheme: 'warm', customColors: { bay: '#000000' } })).toBe(
      SCHEME_COLOURS.warm.bay,
    );
  });
});

describe('readability', () => {
  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
  it('picks white text on dark units and black on light ones', () => {
    expect(readableTextColour('#1e3a8a')).toBe('#ffffff');
    expect(readableTextColour('#facc15')).toBe('#000000');
  });
  it('gives every scheme colour a label colour meeting WCAG AA (4.5:1)', () => {
    for (const colours of Object.values(SCHEME_COLOURS)) {
      for (const colour of Object.values(colours)) {
        expect(contrastRatio(colour, readableTextColour(colour))).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
  it('validates hex colours', () => {
    expect(isHexColour('#a1b2c3')).toBe(true);
    expect(isHexColour('#abc')).toBe(false);
    expect(isHexColour('blue')).toBe(false);
    expect(isHexColour(undefined)).toBe(false);
  });
});

describe('colourName', () => {
  it('names a swatch colour in words, never by a letter', () => {
    expect(colourName('#1d4ed8')).toBe('Blue');
    expect(colourName('#fbbf24')).toBe('Amber');
    expect(colourName('#059669')).toBe('Green');
    expect(colourName('#ede9fe')).toBe('Light purple');
    expect(colourName('#111827')).toBe('Black');
    expect(colourName('#9ca3af')).toBe('Grey');
    expect(colourName('#ffffff')).toBe('White');
    expect(colourName('#9f1239')).toBe('Red');
    expect(colourName('#f472b6')).toBe('Pink');
    expect(colourName('not a colour')).toBe('Colour not set');
  });
});
