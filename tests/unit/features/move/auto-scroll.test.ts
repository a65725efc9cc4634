import { describe, expect, it } from 'vitest';
import { AUTO_SCROLL } from '../../../../src/features/move/move-context';

// dnd-kit's edge scrolling (getScrollDirectionAndSpeed): within threshold × height of the edge it
// scrolls acceleration × (how far into that band) px every 5 ms.
const INTERVAL_MS = 5;

describe('edge scrolling while dragging (issue #39)', () => {
  it('starts well before the last pixels of a 768 px window', () => {
    expect(768 * AUTO_SCROLL.threshold.y).toBeGreaterThanOrEqual(150);
  });

  it('scrolls gently: at most 1000 px a second even at the very edge', () => {
    expect((AUTO_SCROLL.acceleration * 1000) / INTERVAL_MS).toBeLessThanOrEqual(1000);
  });
});
