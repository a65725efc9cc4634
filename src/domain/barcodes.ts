import { matchKey } from './text-match';

export const DUPLICATE_SCAN = 'This item has already been scanned';
export const EMPTY_SCAN = 'Nothing was scanned';

/** Names as jsbarcode takes them. */
export type BarcodeFormat = 'CODE128' | 'EAN13' | 'UPC';
export const DEFAULT_BARCODE_FORMAT: BarcodeFormat = 'CODE128';

/**
 * The GS1 check digit for the digits before it (EAN-13, UPC-A and the rest of the family):
 * weights 3, 1, 3 … from the rightmost digit.
 */
export function gs1CheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new RangeError('A GS1 check digit needs digits only');
  let sum = 0;
  for (let fromRight = 0; fromRight < body.length; fromRight += 1) {
    const digit = Number(body.charAt(body.length - 1 - fromRight));
    sum += fromRight % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

function hasValidCheckDigit(code: string, length: number): boolean {
  if (code.length !== length || !/^\d+$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code.charAt(length - 1));
}

export function isValidEan13(code: string): boolean {
  return hasValidCheckDigit(code.trim(), 13);
}

export function isValidUpcA(code: string): boolean {
  return hasValidCheckDigit(code.trim(), 12);
}

/**
 * How to print a code: EAN-13 or UPC-A when it is a valid one (what retail scanners expect),
 * otherwise Code 128, which takes any printable ASCII. Null when it cannot be printed at all.
 */
export function chooseBarcodeFormat(code: string): BarcodeFormat | null {
  const trimmed = code.trim();
  if (isValidUpcA(trimmed)) return 'UPC';
  if (isValidEan13(trimmed)) return 'EAN13';
  return /^[\x20-\x7e]+$/.test(trimmed) ? 'CODE128' : null;
}

export type ScanResult = { ok: true; scanned: string[] } | { ok: false; message: string };

/**
 * Adds a scanned code to the bulk-scan list, refusing blanks and codes already in it. Scanners
 * differ in letter case for Code 128 values and the product's barcode search ignores case, so
 * duplicates are found ignoring case too.
 */
export function addScan(scanned: readonly string[], code: string): ScanResult {
  const key = matchKey(code);
  if (key === '') return { ok: false, message: EMPTY_SCAN };
  if (scanned.some((existing) => matchKey(existing) === key))
    return { ok: false, message: DUPLICATE_SCAN };
  return { ok: true, scanned: [...scanned, code.trim()] };
}

export function removeScan(scanned: readonly string[], code: string): string[] {
  return scanned.filter((existing) => matchKey(existing) !== matchKey(code));
}

/** The seller's item carrying this code, for filling in a scanned item's name (barcode_lookup). */
export function lookupByBarcode<T extends { barcode: string | null }>(
  items: readonly T[],
  code: string,
): T | null {
  const key = matchKey(code);
  if (key === '') return null;
  return items.find((item) => matchKey(item.barcode) === key) ?? null;
}

/** A small seeded generator (mulberry32) so generated codes can be reproduced in tests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const GENERATED_BODY_DIGITS = 11;
const GENERATED_SPACE = 10 ** GENERATED_BODY_DIGITS;

/**
 * A new EAN-13 for an item without a barcode: prefix 2 (GS1's range for in-store numbers, never
 * a real product's), 11 digits from `random`, and a valid check digit, so it prints as EAN-13
 * and scans anywhere. Unique among `existingCodes`: on a clash it steps to the next number, so
 * it always ends, even with a broken random source.
 */
export function generateBarcode(
  existingCodes: Iterable<string | null | undefined>,
  random: () => number,
): string {
  const taken = new Set<string>();
  for (const code of existingCodes) taken.add(matchKey(code));
  const draw = random();
  const start = Number.isFinite(draw)
    ? Math.floor(Math.abs(draw) * GENERATED_SPACE) % GENERATED_SPACE
    : 0;
  for (let step = 0; step < GENERATED_SPACE; step += 1) {
    const body = `2${String((start + step) % GENERATED_SPACE).padStart(GENERATED_BODY_DIGITS, '0')}`;
    const code = `${body}${gs1CheckDigit(body)}`;
    if (!taken.has(code)) return code;
  }
  throw new RangeError('Every in-store barcode is already in use');
}
