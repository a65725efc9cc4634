/**
 * Photos of items (docs/product.md#photos): how many, which types, how big, where they are kept
 * and which one is the item's picture. The database holds the same rules
 * (supabase/schemas/42_item_photos.sql and the item-photos bucket); these let a screen say no
 * before uploading anything. Pure: no I/O, no React.
 */
import { getPlan } from './plans.ts';

/** At most this many photos per item (the database refuses the 7th). */
export const MAX_PHOTOS_PER_ITEM = 6;
/** The long side of a stored photo, in pixels: re-encoded in the browser before upload. */
export const PHOTO_LONG_SIDE = 1600;
/** The long side of a photo's thumbnail, in pixels (shown at 40 px, sharp on 4x screens). */
export const THUMB_LONG_SIDE = 160;
/** The bucket's cap per stored file (file_size_limit of item-photos): 5 MB. */
export const MAX_PHOTO_FILE_BYTES = 5 * 1024 * 1024;
/** A chosen file larger than this is refused before it is even decoded: 40 MB. */
export const MAX_CHOSEN_FILE_BYTES = 40 * 1024 * 1024;
/** The image types a seller may add and the bucket accepts (no SVG: it can carry scripts). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** The bucket the photos live in (private: read through signed URLs). */
export const PHOTO_BUCKET = 'item-photos';

export interface Size {
  width: number;
  height: number;
}

/** The size that fits within `longSide` on its long side, keeping the aspect; never enlarges. */
export function fitWithin(size: Size, longSide: number): Size {
  const long = Math.max(size.width, size.height);
  if (long <= longSide) return { width: size.width, height: size.height };
  const scale = longSide / long;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

export type PhotoRefusal = 'type' | 'too-large' | 'full' | 'quota';

/** Why a chosen file cannot become a photo, or null when it may be tried. */
export function refuseChosenFile(file: { type: string; size: number }): PhotoRefusal | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_CHOSEN_FILE_BYTES) return 'too-large';
  return null;
}

/** Whether an item with `count` photos may take one more. */
export function canAddPhoto(count: number): boolean {
  return count < MAX_PHOTOS_PER_ITEM;
}

/** The plan's photo storage in bytes (docs/product.md#plans). */
export function photoQuotaBytes(planId: string | null | undefined): number {
  return getPlan(planId).photoBytes;
}

/** Whether `adding` bytes still fit the plan's photo storage when `used` are taken. */
export function fitsPhotoQuota(
  planId: string | null | undefined,
  used: number,
  adding: number,
): boolean {
  return used + adding <= photoQuotaBytes(planId);
}

/** The quota refusal, as the database words it (private.check_photo_quota). */
export function photoQuotaMessage(planId: string | null | undefined): string {
  const plan = getPlan(planId);
  return `Your ${plan.id} plan holds ${formatBytes(plan.photoBytes)} of photos. Remove some photos or upgrade to add more`;
}

/** 100 MB, 1 GB, 20 GB: the quota figures as sellers read them. */
export function formatBytes(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${Number.isInteger(gb) ? gb : gb.toFixed(1)} GB`;
  const mb = bytes / 1024 ** 2;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

export interface PhotoPlace {
  position: number;
  photoId: string;
}

/** The item's picture: the photo in the first position (the one added first unless reordered). */
export function pictureOf<T extends PhotoPlace>(photos: readonly T[]): T | null {
  let first: T | null = null;
  for (const photo of photos) if (!first || photo.position < first.position) first = photo;
  return first;
}

/** The first free position 0–5 of an item's photos, or null when it has six. */
export function nextPosition(photos: readonly PhotoPlace[]): number | null {
  const taken = new Set(photos.map((p) => p.position));
  for (let i = 0; i < MAX_PHOTOS_PER_ITEM; i++) if (!taken.has(i)) return i;
  return null;
}

/** The stored file's extension for an encoded type. */
export function extensionOf(type: PhotoType): 'jpg' | 'png' | 'webp' {
  return type === 'image/jpeg' ? 'jpg' : type === 'image/png' ? 'png' : 'webp';
}

/**
 * Object names in the bucket: `<account_id>/<item_id>/<photo_id>.<ext>` and
 * `<account_id>/<item_id>/<photo_id>-thumb.webp`; the first segment is what the bucket's
 * policies check membership by.
 */
export function photoObjectNames(
  accountId: string,
  itemId: string,
  photoId: string,
  type: PhotoType,
): { object: string; thumb: string } {
  const folder = `${accountId}/${itemId}/${photoId}`;
  return { object: `${folder}.${extensionOf(type)}`, thumb: `${folder}-thumb.webp` };
}

/** A horizontal touch move this long (px) is a swipe to the next or previous photo. */
export const SWIPE_PX = 40;

/** The step a touch move of `moved` px makes: a swipe to the left goes on, to the right back. */
export function swipeStep(moved: number): -1 | 0 | 1 {
  if (Math.abs(moved) < SWIPE_PX) return 0;
  return moved < 0 ? 1 : -1;
}

/** The next index of a swipeable gallery after a step (-1 back, +1 on), kept within it. */
export function stepIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, index + step));
}
