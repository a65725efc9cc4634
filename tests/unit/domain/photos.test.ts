// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  fitWithin,
  fitsPhotoQuota,
  formatBytes,
  nextPosition,
  photoObjectNames,
  photoQuotaMessage,
  pictureOf,
  refuseChosenFile,
  stepIndex,
  swipeStep,
} from '../../../src/domain/photos.ts';

describe('photos: sizes', () => {
  it('fits the long side and keeps the aspect, never enlarging', () => {
    expect(fitWithin({ width: 4032, height: 3024 }, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin({ width: 3000, height: 4000 }, 160)).toEqual({ width: 120, height: 160 });
    expect(fitWithin({ width: 800, height: 600 }, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin({ width: 10000, height: 10 }, 160)).toEqual({ width: 160, height: 1 });
  });
});

describe('photos: refusals', () => {
  it('takes JPEG, PNG and WebP only, and refuses a huge file', () => {
    expect(refuseChosenFile({ type: 'image/jpeg', size: 3_000_000 })).toBeNull();
    expect(refuseChosenFile({ type: 'image/webp', size: 1 })).toBeNull();
    expect(refuseChosenFile({ type: 'image/svg+xml', size: 500 })).toBe('type');
    expect(refuseChosenFile({ type: 'image/gif', size: 500 })).toBe('type');
    expect(refuseChosenFile({ type: 'image/png', size: 41 * 1024 * 1024 })).toBe('too-large');
  });

  it('counts the plan quota and says it the way the database does', () => {
    expect(fitsPhotoQuota('free', 100 * 1024 * 1024 - 10, 10)).toBe(true);
    expect(fitsPhotoQuota('free', 100 * 1024 * 1024 - 10, 11)).toBe(false);
    expect(fitsPhotoQuota('elite', 100 * 1024 * 1024, 11)).toBe(true);
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(photoQuotaMessage('free')).toBe(
      'Your free plan holds 100 MB of photos. Remove some photos or upgrade to add more',
    );
  });
});

describe('photos: places', () => {
  it('the first position is the picture; new photos take the first free place', () => {
    const photos = [
      { position: 2, photoId: 'c' },
      { position: 0, photoId: 'a' },
      { position: 1, photoId: 'b' },
    ];
    expect(pictureOf(photos)?.photoId).toBe('a');
    expect(pictureOf([])).toBeNull();
    expect(nextPosition(photos)).toBe(3);
    expect(nextPosition(photos.filter((p) => p.photoId !== 'a'))).toBe(0);
    expect(nextPosition([0, 1, 2, 3, 4, 5].map((i) => ({ position: i, photoId: `${i}` })))).toBe(
      null,
    );
  });

  it('names objects by account, item and photo', () => {
    expect(photoObjectNames('acc', 'itm', 'pho', 'image/jpeg')).toEqual({
      object: 'acc/itm/pho.jpg',
      thumb: 'acc/itm/pho-thumb.webp',
    });
  });

  it('steps through a gallery within its ends', () => {
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it('a touch swipe of 40 px or more moves on (to the left) or back (to the right)', () => {
    expect(swipeStep(-120)).toBe(1);
    expect(swipeStep(-40)).toBe(1);
    expect(swipeStep(90)).toBe(-1);
    // a tap or a wobble is not a swipe
    expect(swipeStep(-39)).toBe(0);
    expect(swipeStep(12)).toBe(0);
    expect(swipeStep(0)).toBe(0);
  });
});
