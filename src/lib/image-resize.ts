/**
 * Resizing a chosen photo in the browser before upload (docs/product.md#photos): decoded with
 * createImageBitmap (turned upright by its EXIF orientation), drawn on a canvas at about 1600 px
 * on the long side and re-encoded as JPEG, plus a WebP thumbnail. Re-encoding writes pixels only,
 * so the camera's EXIF (GPS location included) never leaves the device.
 */
import { PHOTO_LONG_SIDE, THUMB_LONG_SIDE, fitWithin, type Size } from '../domain/photos.ts';

export interface ResizedPhoto {
  photo: Blob;
  thumb: Blob;
  width: number;
  height: number;
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(size: Size): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(size.width, size.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

async function encode(canvas: Canvas, type: string, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded'))),
      type,
      quality,
    ),
  );
}

async function draw(bitmap: ImageBitmap, longSide: number, type: string): Promise<Blob> {
  const size = fitWithin({ width: bitmap.width, height: bitmap.height }, longSide);
  const canvas = canvasOf(size);
  const context = canvas.getContext('2d') as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) throw new Error('The photo could not be drawn');
  // JPEG has no transparency: a PNG's clear pixels become white, not black
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return encode(canvas, type, type === 'image/jpeg' ? 0.85 : 0.8);
}

/** The photo at ~1600 px (JPEG) and its ~160 px thumbnail (WebP), with no metadata. */
export async function resizePhoto(file: Blob): Promise<ResizedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin({ width: bitmap.width, height: bitmap.height }, PHOTO_LONG_SIDE);
    const [photo, thumb] = await Promise.all([
      draw(bitmap, PHOTO_LONG_SIDE, 'image/jpeg'),
      draw(bitmap, THUMB_LONG_SIDE, 'image/webp'),
    ]);
    return { photo, thumb, width: size.width, height: size.height };
  } finally {
    bitmap.close();
  }
}
