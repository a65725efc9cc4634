// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { WedgeDetector, typedLikeScanner } from '../../../src/domain/wedge-scanner';

/** Feeds keys `gap` ms apart starting at `start`; returns the event of the last key. */
function type(detector: WedgeDetector, keys: string[], gap: number, start = 1000) {
  let last = detector.feed(keys[0]!, start);
  keys.slice(1).forEach((key, i) => {
    last = detector.feed(key, start + (i + 1) * gap);
  });
  return last;
}

const keysOf = (code: string) => [...code.split(''), 'Enter'];

describe('WedgeDetector', () => {
  it('takes a fast burst of digits ending in Enter for a scan', () => {
    const detector = new WedgeDetector();
    expect(type(detector, keysOf('5012345678900'), 8)).toEqual({
      kind: 'scan',
      code: '5012345678900',
    });
  });

  it('leaves human typing alone, even a very fast typist (keys 80-120 ms apart)', () => {
    const detector = new WedgeDetector();
    expect(type(detector, keysOf('5012345678900'), 120)).toEqual({ kind: 'none' });
    expect(type(detector, keysOf('5012345678900'), 80, 9000)).toEqual({ kind: 'none' });
  });

  it('tolerates one key held up by a busy page inside a scan', () => {
    const detector = new WedgeDetector();
    const keys = keysOf('5012345678900');
    let event = detector.feed(keys[0]!, 0);
    let at = 0;
    keys.slice(1).forEach((key, i) => {
      at += i === 5 ? 110 : 5;
      event = detector.feed(key, at);
    });
    expect(event).toEqual({ kind: 'scan', code: '5012345678900' });
  });

  it('catches a scan that follows slow typing, keeping only the burst', () => {
    const detector = new WedgeDetector();
    type(detector, ['h', 'i'], 200, 0);
    expect(type(detector, keysOf('SR-SHELF-1A2B3C4D'), 5, 5000)).toEqual({
      kind: 'scan',
      code: 'SR-SHELF-1A2B3C4D',
    });
  });

  it('scans several codes one after another', () => {
    const detector = new WedgeDetector();
    const codes = ['111111', '222222', '333333'];
    const seen = codes.map((code, i) => type(detector, keysOf(code), 10, i * 1000));
    expect(seen).toEqual(codes.map((code) => ({ kind: 'scan', code })));
  });

  it('ignores bursts shorter than the minimum and a pause before Enter', () => {
    const detector = new WedgeDetector();
    expect(type(detector, keysOf('12'), 5)).toEqual({ kind: 'none' });
    type(detector, '123456'.split(''), 5, 0);
    expect(detector.feed('Enter', 1000)).toEqual({ kind: 'none' });
  });

  it('lets Shift pass inside a burst (capitals) and accepts Tab as the terminator', () => {
    const detector = new WedgeDetector();
    expect(type(detector, ['Shift', 'A', 'B', 'Shift', 'C', '1', '2', 'Tab'], 4)).toEqual({
      kind: 'scan',
      code: 'ABC12',
    });
  });

  it('drops the burst on other named keys', () => {
    const detector = new WedgeDetector();
    expect(type(detector, ['1', '2', '3', 'ArrowLeft', '4', 'Enter'], 4)).toEqual({
      kind: 'none',
    });
  });
});

describe('typedLikeScanner', () => {
  it('labels fast key times as a scanner and slow ones as typing', () => {
    expect(typedLikeScanner([0, 8, 16, 24, 31, 40])).toBe(true);
    expect(typedLikeScanner([0, 150, 300, 420, 600])).toBe(false);
    expect(typedLikeScanner([0, 8, 16, 200, 208])).toBe(false);
    expect(typedLikeScanner([0, 90, 180, 270, 360])).toBe(false);
    expect(typedLikeScanner([0, 5])).toBe(false);
  });
});
