// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_SCAN,
  addScan,
  chooseBarcodeFormat,
  generateBarcode,
  gs1CheckDigit,
  isValidEan13,
  isValidUpcA,
  lookupByBarcode,
  removeScan,
  seededRandom,
} from '../../../src/domain/barcodes';

describe('check digits', () => {
  it('computes the GS1 check digit', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('501234567890')).toBe(0);
  });
  it('refuses non-digits', () => {
    expect(() => gs1CheckDigit('12a')).toThrow(RangeError);
    expect(() => gs1CheckDigit('')).toThrow(RangeError);
  });
  it('validates EAN-13', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('5012345678900')).toBe(true);
    expect(isValidEan13(' 4006381333931 ')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(isValidEan13('40063813339A1')).toBe(false);
  });
  it('validates UPC-A', () => {
    expect(isValidUpcA('036000291452')).toBe(true);
    expect(isValidUpcA('036000291453')).toBe(false);
    expect(isValidUpcA('36000291452')).toBe(false);
    expect(isValidUpcA('4006381333931')).toBe(false);
  });
});

describe('chooseBarcodeFormat', () => {
  it('prints valid retail codes as EAN-13 or UPC-A', () => {
    expect(chooseBarcodeFormat('4006381333931')).toBe('EAN13');
    expect(chooseBarcodeFormat('036000291452')).toBe('UPC');
  });
  it('prints everything else printable as Code 128', () => {
    expect(chooseBarcodeFormat('4006381333932')).toBe('CODE128');
    expect(chooseBarcodeFormat('MUG-BLUE-01')).toBe('CODE128');
    expect(chooseBarcodeFormat('12345')).toBe('CODE128');
  });
  it('cannot print blanks or characters outside ASCII', () => {
    expect(chooseBarcodeFormat('  ')).toBeNull();
    expect(chooseBarcodeFormat('café')).toBeNull();
  });
});

describe('bulk scan list', () => {
  it('adds new codes, trimmed', () => {
    expect(addScan(['111'], ' 222 ')).toEqual({ ok: true, scanned: ['111', '222'] });
  });
  it('rejects a code already scanned', () => {
    expect(DUPLICATE_SCAN).toBe('This item has already been scanned');
    expect(addScan(['111', '222'], '222')).toEqual({
      ok: false,
      message: 'This item has already been scanned',
    });
    expect(addScan(['abc-1'], 'ABC-1 ')).toEqual({
      ok: false,
      message: 'This item has already been scanned',
    });
  });
  it('rejects an empty scan', () => {
    expect(addScan([], '  ')).toEqual({ ok: false, message: 'Nothing was scanned' });
  });
  it('removes one code, so it can be scanned again', () => {
    const scanned = removeScan(['111', '222', '333'], '222');
    expect(scanned).toEqual(['111', '333']);
    expect(addScan(scanned, '222').ok).toBe(true);
  });
});

describe('lookupByBarcode', () => {
  const items = [
    { item_name: 'Blue mug', barcode: '5012345678900' },
    { item_name: 'Tag', barcode: 'abc-1' },
    { item_name: 'No code', barcode: null },
  ];
  it("finds the seller's item with the scanned code", () => {
    expect(lookupByBarcode(items, '5012345678900')?.item_name).toBe('Blue mug');
    expect(lookupByBarcode(items, 'ABC-1')?.item_name).toBe('Tag');
  });
  it('finds nothing for an unknown or empty code, and never matches a missing barcode', () => {
    expect(lookupByBarcode(items, '999')).toBeNull();
    expect(lookupByBarcode(items, '')).toBeNull();
  });
});

describe('generateBarcode', () => {
  it('makes a valid in-store EAN-13 starting with 2', () => {
    const code = generateBarcode([], seededRandom(42));
    expect(code).toMatch(/^2\d{12}$/);
    expect(isValidEan13(code)).toBe(true);
    expect(chooseBarcodeFormat(code)).toBe('EAN13');
  });
  it('is the same for the same seed and existing codes', () => {
    expect(generateBarcode(['1'], seededRandom(7))).toBe(generateBarcode(['1'], seededRandom(7)));
    expect(generateBarcode([], seededRandom(7))).not.toBe(generateBarcode([], seededRandom(8)));
  });
  it('steps past codes already in use', () => {
    const first = generateBarcode([], () => 0);
    expect(first).toBe('2000000000008');
    const second = generateBarcode([first, null, undefined], () => 0);
    expect(second).toBe('2000000000015');
    expect(isValidEan13(second)).toBe(true);
  });
  it('stays unique over many generations', () => {
    const random = seededRandom(1);
    const codes: string[] = [];
    for (let i = 0; i < 500; i += 1) codes.push(generateBarcode(codes, random));
    expect(new Set(codes).size).toBe(500);
    expect(codes.every(isValidEan13)).toBe(true);
  });
  it('copes with a broken random source', () => {
    expect(isValidEan13(generateBarcode([], () => Number.NaN))).toBe(true);
    expect(isValidEan13(generateBarcode([], () => 1))).toBe(true);
  });
});

describe('seededRandom', () => {
  it('gives numbers in [0, 1), repeatably', () => {
    const a = seededRandom(123);
    const b = seededRandom(123);
    const values = Array.from({ length: 100 }, () => a());
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(Array.from({ length: 100 }, () => b())).toEqual(values);
  });
});
