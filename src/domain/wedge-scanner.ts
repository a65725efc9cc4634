/**
 * Keyboard-wedge scanners (USB or Bluetooth) "type" a code as key presses a few milliseconds
 * apart and finish with Enter. People type the same keys tens to hundreds of milliseconds apart.
 * This tells the two apart from the key timing alone, so a scan is caught wherever the focus is
 * (not only in the scan field), while typing in other fields is left alone. Pure: the caller
 * feeds it keys with their event time stamps.
 */

export interface WedgeOptions {
  /** The longest gap between two key presses of one scan. Scanners send 1-30 ms; 50 ms leaves room for a busy main thread. */
  maxGapMs: number;
  /** Codes shorter than this are not taken for scans (UPC-E has 8 digits; shelf labels more). */
  minLength: number;
}

export const DEFAULT_WEDGE_OPTIONS: WedgeOptions = { maxGapMs: 50, minLength: 4 };

export type WedgeEvent =
  /** Enter ended a fast burst: this is what the scanner read. */
  | { kind: 'scan'; code: string }
  /** Still collecting (or the key was not part of a scan). */
  | { kind: 'none' };

/** Only printable single characters (key names like 'Shift' or 'ArrowUp' are longer). */
const isPrintable = (key: string): boolean => key.length === 1 && key >= ' ' && key !== '\x7f';

export class WedgeDetector {
  private buffer = '';
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: WedgeOptions = DEFAULT_WEDGE_OPTIONS) {}

  /** Feeds one key press (KeyboardEvent.key and timeStamp). */
  feed(key: string, at: number): WedgeEvent {
    const gap = at - this.lastAt;
    const withinBurst = gap <= this.options.maxGapMs;
    if (key === 'Enter' || key === 'Tab') {
      // Some scanners end with Tab instead of Enter.
      const code = this.buffer;
      const wasScan = withinBurst && code.length >= this.options.minLength;
      this.reset();
      return wasScan ? { kind: 'scan', code } : { kind: 'none' };
    }
    if (!isPrintable(key)) {
      // Shift is sent by scanners for capitals; it does not break a burst but is not a character.
      if (key !== 'Shift') this.reset();
      return { kind: 'none' };
    }
    if (this.buffer === '' || !withinBurst) {
      // A slow key starts over: what came before was typed by a person.
      this.buffer = key;
    } else {
      this.buffer += key;
    }
    this.lastAt = at;
    return { kind: 'none' };
  }

  /** True while the keys so far look like the start of a scan. */
  get collecting(): boolean {
    return this.buffer.length > 0;
  }

  reset(): void {
    this.buffer = '';
    this.lastAt = Number.NEGATIVE_INFINITY;
  }
}

/**
 * Whether text typed into the scan field arrived as a scan: every key within the burst gap.
 * The field accepts both (manual entry is allowed); this only labels where an entry came from.
 */
export function typedLikeScanner(
  keyTimes: readonly number[],
  options: WedgeOptions = DEFAULT_WEDGE_OPTIONS,
): boolean {
  if (keyTimes.length < options.minLength) return false;
  for (let i = 1; i < keyTimes.length; i += 1) {
    if (keyTimes[i]! - keyTimes[i - 1]! > options.maxGapMs) return false;
  }
  return true;
}
