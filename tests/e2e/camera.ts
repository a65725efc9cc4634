import type { Locator, Page } from '@playwright/test';

/** A 3000 × 2000 JPEG as a tablet's camera gives it: drawn by the browser itself (offline too). */
export async function cameraJpeg(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(3000, 2000);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2563eb';
    context.fillRect(0, 0, 3000, 2000);
    context.fillStyle = '#f59e0b';
    context.fillRect(600, 400, 1800, 1200);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    return [...new Uint8Array(await blob.arrayBuffer())];
  });
  return Buffer.from(bytes);
}

/** The width of the pixels an image has loaded (0 until it has): its address works. */
export async function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}
