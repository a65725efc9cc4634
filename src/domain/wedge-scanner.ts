/**
 * Keyboard-wedge scanners (USB or Bluetooth) "type" a code as key presses a few milliseconds
 * apart and finish with Enter. People type the same keys tens to hundreds of milliseconds apart.
 * This tells the two apart from the key timing alone, so a scan is caught wherever the focus is
 * (not only in the scan field), while typing in other fields is left alone. Pure: the caller
 * feeds it keys with their event time stamps.
 */

export interface WedgeOptions {
  /**
   * The average gap between the key presses of a scan. Scanners send a key every 1-30 ms; even
   * a very fast typist averages over 80 ms, so 50 ms separates the two with room to spare.
   */
  averageGapMs: number;
  /** The longest single gap inside a scan; a busy page can delay one key now and then. */
  maxGapMs: number;
  /** Codes shorter than this are not taken for scans (UPC-E has 8 digits; shelf labels more). */
  minLength: number;
}

export const DEFAULT_WEDGE_OPTIONS: WedgeOptions = {
  averageGapMs: 50,
  maxGapMs: 120,
  minLength: 4,
};

/** Whether key presses at these times (Enter's last) came as fast as a scanner sends them. */
function isBurst(times: readonly number[], options: WedgeOptions): boolean {
  if (times.length < 2) return false;
  for (let i = 1; i < times.length; i += 1) {
    if (times[i]! - times[i - 1]! > options.maxGapMs) return false;
  }
  const average = (times[times.length - 1]! - times[0]!) / (times.length - 1);
  return average <= options.averageGapMs;
}

export type WedgeEvent =
  /** Enter ended a fast burst: this is what the scanner read. */
  | { kind: 'scan'; code: string }
  /** Still collecting (or the key was not part of a scan). */
  | { kind: 'none' };

/** Only printable single characters (key names like 'Shift' or 'ArrowUp' are longer). */
const isPrintable = (key: string): boolean => key.length === 1 && key >= ' ' && key !== '\x7f';

export class WedgeDetector {
  private buffer = '';
  private times: number[] = [];

  constructor(private readonly options: WedgeOptions = DEFAULT_WEDGE_OPTIONS) {}

  /** Feeds one key press (KeyboardEvent.key and timeStamp). */
  feed(key: string, at: number): WedgeEvent {
    const last = this.times[this.times.length - 1];
    const withinBurst = last !== undefined && at - last <= this.options.maxGapMs;
    if (key === 'Enter' || key === 'Tab') {
      // Some scanners end with Tab instead of Enter.
      const code = this.buffer;
      const wasScan =
        code.length >= this.options.minLength && isBurst([...this.times, at], this.options);
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
      this.times = [at];
    } else {
      this.buffer += key;
      this.times.push(at);
    }
    return { kind: 'none' };
  }

  /** True while the keys so far look like the start of a scan. */
  get collecting(): boolean {
    return this.buffer.length > 0;
  }

  reset(): void {
    this.buffer = '';
    this.times = [];
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
  return keyTimes.length >= options.minLength && isBurst(keyTimes, options);
}
