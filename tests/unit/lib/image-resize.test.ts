// @vitest-environment node
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'esbuild';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../../helpers/chromium.ts';

// The resize runs on a real canvas (jsdom has none), in the browser the e2e tests drive: the
// module is bundled as it is and called on a JPEG made here with GPS data in its EXIF.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [path.join(process.cwd(), 'src/lib/image-resize.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'imageResize',
    write: false,
  });
  browser = await chromium.launch({ executablePath: chromiumPath });
  page = await browser.newPage();
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}, 30_000);

afterAll(async () => {
  await browser?.close();
});

/** An EXIF APP1 segment: orientation 6 (turn 90° clockwise) and a GPS latitude of 51° N. */
function exifSegment(): Buffer {
  const tiff = Buffer.alloc(8 + 30 + 30 + 24);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  // IFD0: Orientation (SHORT 6) and the GPS IFD's offset
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(6, 18);
  tiff.writeUInt16LE(0x8825, 22);
  tiff.writeUInt16LE(4, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt32LE(38, 30);
  tiff.writeUInt32LE(0, 34);
  // GPS IFD: GPSLatitudeRef 'N', GPSLatitude 51/1 0/1 0/1
  tiff.writeUInt16LE(2, 38);
  tiff.writeUInt16LE(0x0001, 40);
  tiff.writeUInt16LE(2, 42);
  tiff.writeUInt32LE(2, 44);
  tiff.write('N\0', 48, 'latin1');
  tiff.writeUInt16LE(0x0002, 52);
  tiff.writeUInt16LE(5, 54);
  tiff.writeUInt32LE(3, 56);
  tiff.writeUInt32LE(68, 60);
  tiff.writeUInt32LE(0, 64);
  [51, 1, 0, 1, 0, 1].forEach((n, i) => tiff.writeUInt32LE(n, 68 + i * 4));
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** The JPEG's APP1 segments that hold EXIF. */
function exifSegments(jpeg: Buffer): number {
  let count = 0;
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) break;
    const length = jpeg.readUInt16BE(at + 2);
    if (marker === 0xe1 && jpeg.subarray(at + 4, at + 10).toString('latin1') === 'Exif\0\0')
      count++;
    at += 2 + length;
  }
  return count;
}

describe('resizePhoto', () => {
  it('keeps the aspect at 1600 px, turns the photo upright and drops its EXIF and GPS', async () => {
    // a 3000 × 2000 JPEG drawn by the browser, then given the EXIF segment after its SOI
    const plain = Buffer.from(
      await page.evaluate(async () => {
        const canvas = new OffscreenCanvas(3000, 2000);
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#c33';
        context.fillRect(0, 0, 3000, 2000);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
        return [...new Uint8Array(await blob.arrayBuffer())];
      }),
    );
    const withExif = Buffer.concat([plain.subarray(0, 2), exifSegment(), plain.subarray(2)]);
    expect(exifSegments(withExif)).toBe(1);
    expect(withExif.includes(Buffer.from('N\0', 'latin1'))).toBe(true);

    const out = await page.evaluate(
      async (bytes) => {
        const file = new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
        const { resizePhoto } = (
          window as unknown as { imageResize: typeof import('../../../src/lib/image-resize.ts') }
        ).imageResize;
        const resized = await resizePhoto(file);
        const thumb = await createImageBitmap(resized.thumb);
        return {
          width: resized.width,
          height: resized.height,
          photoType: resized.photo.type,
          thumbType: resized.thumb.type,
          thumbSize: [thumb.width, thumb.height],
          photo: [...new Uint8Array(await resized.photo.arrayBuffer())],
        };
      },
      [...withExif],
    );

    // orientation 6 makes the 3000 × 2000 photo stand 2000 × 3000: the EXIF was read
    expect([out.width, out.height]).toEqual([1067, 1600]);
    expect(out.thumbSize).toEqual([107, 160]);
    expect(out.photoType).toBe('image/jpeg');
    expect(out.thumbType).toBe('image/webp');
    const photo = Buffer.from(out.photo);
    expect(photo.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(exifSegments(photo)).toBe(0);
    expect(photo.includes(Buffer.from('II*\0', 'latin1'))).toBe(false);
  });
});
