import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../helpers/chromium';
import { expect, signInContext, test } from './fixtures';
import { BarcodesPage } from './pages/barcodes-page';
import { seedShelf, setPlan } from './seed';

// jsbarcode is CommonJS; its object renderer gives the bar pattern without a canvas.
const JsBarcode = createRequire(import.meta.url)('jsbarcode') as (
  target: { encodings?: { data: string }[] },
  text: string,
  options: { format: string },
) => void;

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A one-frame Y4M video of a printed Code 128 label, for Chromium's fake camera: black bars
 * 3 px per module on white, centred, with the quiet zones scanners need.
 */
async function cameraVideoOf(code: string): Promise<string> {
  const target: { encodings?: { data: string }[] } = {};
  JsBarcode(target, code, { format: 'CODE128' });
  const modules = target.encodings!.map((e) => e.data).join('');
  const moduleWidth = 3;
  const left = Math.floor((WIDTH - modules.length * moduleWidth) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 140; y < 340; y += 1)
    for (let m = 0; m < modules.length; m += 1)
      if (modules[m] === '1')
        luma.fill(16, y * WIDTH + left + m * moduleWidth, y * WIDTH + left + (m + 1) * moduleWidth);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const file = path.join(os.tmpdir(), `stockroom-camera-${process.pid}-${Date.now()}.y4m`);
  await fs.writeFile(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`),
      luma,
      chroma,
    ]),
  );
  return file;
}

// Desktop only: the test drives a browser of its own (a desktop window), whatever the project.
test('camera scanning: a code held up to the camera is added to the shelf', async ({
  admin,
  sellerAccount,
}, testInfo) => {
  const seeded = await seedShelf(sellerAccount.accountId, []);
  await setPlan(sellerAccount.accountId, 'power');
  const video = await cameraVideoOf('CAM-12345');
  // A browser of its own: the fake camera is chosen when Chromium starts.
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    await context.grantPermissions(['camera']);
    await signInContext(context, sellerAccount);
    const page = await context.newPage();
    const barcodes = new BarcodesPage(page, false);
    await barcodes.gotoScan();
    await barcodes.chooseShelf('scan-shelf', { room: 'Garage', isle: 1, unit: 'A', shelf: 1 });
    await barcodes.press(barcodes.byTestId('scan-camera'));
    await expect(barcodes.byTestId('camera-scanner')).toBeVisible();

    const entry = barcodes.entry('CAM-12345');
    await expect(entry).toHaveAttribute('data-status', 'added', { timeout: 15_000 });
    await expect(entry).toContainText('camera');
    // the camera keeps seeing the label; it is one scan, not a stream of duplicates
    await expect(barcodes.entries).toHaveCount(1);
    const { data } = await admin
      .from('storage_items')
      .select('item_name, barcode')
      .eq('shelf_id', seeded.shelfId);
    expect(data).toEqual([{ item_name: 'Scanned item CAM-12345', barcode: 'CAM-12345' }]);

    await barcodes.press(page.getByRole('button', { name: 'Stop camera' }));
    await expect(barcodes.byTestId('camera-scanner')).toHaveCount(0);
  } finally {
    await browser.close();
    await fs.rm(video, { force: true });
  }
});
