import { createRequire } from 'node:module';
import type { Locator, Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { seriousViolations } from './axe';
import { e2eEnv } from './env';
import { expect, test } from './fixtures';
import { BarcodesPage } from './pages/barcodes-page';
import { seedShelf, seedStorage, setPlan } from './seed';

// @zxing/library is CommonJS whose named exports Node's ESM loader cannot see; require it.
const {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} = createRequire(import.meta.url)('@zxing/library') as typeof import('@zxing/library');
type DecodeHint = import('@zxing/library').DecodeHintType;

let barcodes: BarcodesPage;
test.beforeEach(({ page, touch }) => {
  barcodes = new BarcodesPage(page, touch);
});

const GARAGE_SHELF_1 = { room: 'Garage', isle: 1, unit: 'A', shelf: 1 };

/**
 * No serious or critical accessibility problems on the screen as it is now. Toasts are left
 * out: one caught mid fade-in has partial opacity, which axe reports as low contrast.
 */
async function expectAccessible(page: Page) {
  expect(await seriousViolations(page, (axe) => axe.exclude('.toaster'))).toEqual([]);
}

async function itemsOn(admin: SupabaseClient, shelfId: string) {
  const { data, error } = await admin
    .from('storage_items')
    .select('item_name, barcode, shelf_id')
    .eq('shelf_id', shelfId)
    .order('created_at');
  if (error) throw error;
  return data as { item_name: string; barcode: string | null }[];
}

async function setBatch(admin: SupabaseClient, accountId: string, on: boolean) {
  const { error } = await admin
    .from('user_preferences')
    .update({ barcode_batch: on })
    .eq('account_id', accountId);
  if (error) throw error;
}

/**
 * Rasterises a rendered label barcode in the page (SVG → canvas, 3× for crisp bars on a white
 * ground) and decodes the pixels here with ZXing, as a scanner would read the printed label.
 */
async function decodeBarcode(svg: Locator): Promise<{ text: string; format: string }> {
  const image = await svg.evaluate(async (element) => {
    const [, , w, h] = (element.getAttribute('viewBox') ?? '0 0 0 0').split(' ').map(Number);
    const scale = 3;
    const width = Math.ceil(w! * scale);
    const height = Math.ceil(h! * scale);
    const copy = element.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('width', String(width));
    copy.setAttribute('height', String(height));
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(img, 0, 0, width, height);
    const rgba = context.getImageData(0, 0, width, height).data;
    const luminance: number[] = new Array(width * height);
    for (let i = 0; i < width * height; i += 1)
      luminance[i] = Math.round(
        0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!,
      );
    return { width, height, luminance };
  });
  const source = new RGBLuminanceSource(
    Uint8ClampedArray.from(image.luminance),
    image.width,
    image.height,
  );
  const hints = new Map<DecodeHint, unknown>([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [BarcodeFormat.CODE_128, BarcodeFormat.EAN_13, BarcodeFormat.UPC_A],
    ],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = new MultiFormatReader().decode(
    new BinaryBitmap(new HybridBinarizer(source)),
    hints,
  );
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] };
}

test.describe('bulk scan', () => {
  // Scanning stock into the stockroom is a tablet job: this journey runs by touch too.
  test(
    'batch mode: several wedge scans, a repeat counted, remove one, add all to a shelf, clear',
    { tag: '@touch' },
    async ({ page, admin, seller, dashboard, touch }) => {
      const seeded = await seedShelf(seller.accountId, [
        { name: 'Blue kettle', barcode: '036000291452' },
      ]);
      await setPlan(seller.accountId, 'power');
      await setBatch(admin, seller.accountId, true);
      await dashboard.goto('inventory');
      await dashboard.open('Bulk Scan');
      await expect(page).toHaveURL(/\/dashboard\/scan$/);
      await expect(barcodes.byTestId('scan-batch-hint')).toContainText('Batch mode');

      await barcodes.scan('5012345678900');
      await barcodes.scan('ABC-1');
      await barcodes.scan('036000291452'); // one of the seller's codes: its name fills in
      await expect(barcodes.entries).toHaveCount(3);
      await expect(barcodes.entry('036000291452').getByTestId('scan-entry-name')).toHaveValue(
        'Blue kettle',
      );
      await expect(barcodes.entry('5012345678900').getByTestId('scan-entry-name')).toHaveValue('');
      // One accessibility scan of the screen is enough: the desktop's.
      if (!touch) await expectAccessible(page);

      // scanned again: counted, not refused (issue #25; scan-counting.spec.ts has the rest)
      await barcodes.scan('5012345678900');
      await barcodes.expectToast('Counted', /^5012345678900 ×2\. Added \d+ scans?: /);
      await expect(barcodes.entries).toHaveCount(3);

      // A scan with the focus outside any field (a scanner needs no clicking first)
      await barcodes.byTestId('scan-count').click();
      await barcodes.scanAnywhere('7777777');
      await expect(barcodes.entries).toHaveCount(4);
      await expect(barcodes.entry('7777777')).toContainText('scanner');

      await barcodes.press(barcodes.entry('ABC-1').getByTestId('scan-entry-remove'));
      await barcodes.press(barcodes.entry('7777777').getByTestId('scan-entry-remove'));
      await expect(barcodes.entries).toHaveCount(2);

      await expect(barcodes.byTestId('scan-add-all')).toBeDisabled(); // no shelf yet
      await barcodes.chooseShelf('scan-shelf', GARAGE_SHELF_1);
      await barcodes.press(barcodes.byTestId('scan-add-all'));
      await barcodes.expectToast(
        'Items Added',
        '2 scanned items were added to Garage › Isle 1 › Unit A › Shelf 1. Added 5 scans: 4 new, 1 counted up',
      );
      await expect(barcodes.entry('5012345678900')).toHaveAttribute('data-status', 'added');
      await expect(barcodes.entry('036000291452')).toHaveAttribute('data-status', 'added');
      expect(await itemsOn(admin, seeded.shelfId)).toEqual([
        { item_name: 'Blue kettle', barcode: '036000291452', shelf_id: seeded.shelfId },
        {
          item_name: 'Scanned item 5012345678900',
          barcode: '5012345678900',
          shelf_id: seeded.shelfId,
        },
        { item_name: 'Blue kettle', barcode: '036000291452', shelf_id: seeded.shelfId },
      ]);

      await barcodes.press(barcodes.byTestId('scan-clear-all'));
      await expect(barcodes.entries).toHaveCount(0);
      await expect(barcodes.byTestId('scan-list-empty')).toBeVisible();

      // ...and they are on the shelf in the inventory
      await dashboard.open('Inventory');
      const shelf = page.locator('[data-testid="shelf"][data-shelf-index="1"]');
      await expect(
        shelf.getByTestId('item-name').getByText('Scanned item 5012345678900', { exact: true }),
      ).toBeVisible();
    },
  );

  test('put-away: scan a shelf label, then items into it, new ones added and known ones moved', async ({
    admin,
    seller,
  }) => {
    const [garage] = await seedStorage(seller.accountId, [
      {
        name: 'Garage',
        isles: [{ index: 1, units: [{ shelves: [[{ name: 'Teapot', barcode: 'TEA-1' }], []] }] }],
      },
    ]);
    const [shelf1, shelf2] = garage!.isles[0]!.units[0]!.shelves.map((shelf) => shelf.id);
    await setPlan(seller.accountId, 'elite');
    await barcodes.gotoScan();
    await barcodes.press(barcodes.byTestId('mode-putaway'));

    await barcodes.scan('NEW-1');
    await barcodes.expectToast('Scan Failed', 'Scan a shelf label first');

    // labels printed before codes came from the database still scan (SR-SHELF- and the id)
    await barcodes.scan(`SR-SHELF-${shelf2!.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    await expect(barcodes.byTestId('putaway-shelf')).toHaveText(
      'Garage › Isle 1 › Unit A › Shelf 2',
    );
    await barcodes.scan('NEW-1');
    await expect(barcodes.entry('NEW-1')).toHaveAttribute('data-status', 'added');
    await barcodes.scan('TEA-1');
    await expect(barcodes.entry('TEA-1')).toHaveAttribute('data-status', 'moved');
    await expect(barcodes.entry('TEA-1')).toContainText('Teapot');
    // A put-away move offers Undo like any other move (move_items records it as one change).
    await barcodes.expectToast('Item Moved', 'Teapot was moved');
    const undone = barcodes.page.waitForResponse((r) => r.url().includes('rpc/undo_change'));
    await barcodes.press(
      barcodes.toast.filter({ hasText: 'Item Moved' }).getByTestId('toast-undo'),
    );
    expect((await undone).status()).toBe(200);
    await barcodes.scan('tea-1');
    await barcodes.expectToast('Duplicate Item', 'This item has already been scanned');

    expect(await itemsOn(admin, shelf2!)).toEqual([
      { item_name: 'Scanned item NEW-1', barcode: 'NEW-1', shelf_id: shelf2 },
    ]);
    expect(await itemsOn(admin, shelf1!)).toEqual([
      { item_name: 'Teapot', barcode: 'TEA-1', shelf_id: shelf1 },
    ]);
  });

  test('without batch mode each scan goes onto the chosen shelf at once', async ({
    admin,
    seller,
  }) => {
    const seeded = await seedShelf(seller.accountId, []);
    await setPlan(seller.accountId, 'power');
    await barcodes.gotoScan();
    await barcodes.scan('4006381333931');
    await barcodes.expectToast('Scan Failed', 'Choose a shelf first, then scan');
    await barcodes.chooseShelf('scan-shelf', GARAGE_SHELF_1);
    await barcodes.scan('4006381333931');
    await expect(barcodes.entry('4006381333931')).toHaveAttribute('data-status', 'added');
    await expect(barcodes.status).toHaveText(
      'Added 4006381333931 to Garage › Isle 1 › Unit A › Shelf 1',
    );
    expect(await itemsOn(admin, seeded.shelfId)).toEqual([
      {
        item_name: 'Scanned item 4006381333931',
        barcode: '4006381333931',
        shelf_id: seeded.shelfId,
      },
    ]);
  });

  test('a free seller sees the upgrade notice, and the database refuses a bulk scan', async ({
    admin,
    seller,
  }) => {
    const seeded = await seedShelf(seller.accountId, []);
    await barcodes.gotoScan();
    await expect(barcodes.byTestId('scan-upgrade')).toContainText(
      'Bulk scanning is included in the Power Seller plan and above.',
    );
    await expect(barcodes.scanInput).toHaveCount(0);

    // The browser is not trusted: the same call the scanner makes, straight to the API.
    const client = createClient(e2eEnv.apiUrl, e2eEnv.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    });
    const signIn = await client.auth.signInWithPassword({
      email: seller.email,
      password: seller.password,
    });
    expect(signIn.error).toBeNull();
    const { error } = await client.rpc('add_scanned_items', {
      p_shelf_id: seeded.shelfId,
      p_items: [{ barcode: '123456' }],
    });
    expect(error?.message).toBe(
      'PLAN_FEATURE_UNAVAILABLE: Barcode scanning requires the Power Seller plan or higher',
    );
    expect(await itemsOn(admin, seeded.shelfId)).toEqual([]);
  });
});

test.describe('barcode labels', () => {
  test('renders the chosen layout; a printed barcode decodes back to the item’s code; codes generated', async ({
    page,
    admin,
    seller,
  }) => {
    // Decoding printed barcodes in the page takes seconds each on a shared 2-core machine.
    test.setTimeout(120_000);
    const seeded = await seedShelf(seller.accountId, [
      { name: 'Lamp', barcode: '4006381333931' },
      { name: 'Kettle' },
    ]);
    await barcodes.gotoLabels();

    await expect(barcodes.byTestId('label-chosen-count')).toHaveText('2 of 2 items chosen');
    await expect(barcodes.byTestId('label-missing-codes')).toContainText(
      '1 chosen item has no barcode',
    );
    await barcodes.byTestId('label-layout').selectOption('a4-24');
    const sheets = barcodes.byTestId('label-sheets');
    await expect(sheets).toHaveAttribute('data-layout', 'a4-24');
    const sheet = barcodes.byTestId('label-sheet').first();
    // 210 × 297 mm at 96 px per inch
    const size = await sheet.boundingBox();
    expect(size!.width).toBeCloseTo((210 / 25.4) * 96, 0);
    expect(size!.height).toBeCloseTo((297 / 25.4) * 96, 0);
    const lamp = page.locator('[data-testid="label"][data-code="4006381333931"]');
    await expect(lamp).toHaveCount(1);
    await expect(lamp).toHaveAttribute('data-slot', '0');
    await expect(lamp.getByTestId('label-title')).toHaveText('Lamp');
    await expect(lamp).toContainText('Garage › Isle 1 › Unit A › Shelf 1');
    await expectAccessible(page);

    // Code 128 by default; EAN-13 when asked and the code is a valid one
    expect(await decodeBarcode(lamp.getByTestId('label-barcode'))).toEqual({
      text: '4006381333931',
      format: 'CODE_128',
    });
    await barcodes.byTestId('label-symbology').selectOption('retail');
    await expect(lamp.getByTestId('label-barcode')).toHaveAttribute('data-format', 'EAN13');
    expect(await decodeBarcode(lamp.getByTestId('label-barcode'))).toEqual({
      text: '4006381333931',
      format: 'EAN_13',
    });

    // The item without a code gets one, unique and a valid EAN-13, and its label
    await barcodes.press(barcodes.byTestId('generate-barcodes'));
    await barcodes.expectToast('Barcodes Generated', '1 item now has a barcode');
    await expect(barcodes.byTestId('label')).toHaveCount(2);
    const { data } = await admin
      .from('storage_items')
      .select('barcode')
      .eq('item_id', seeded.itemIds[1]!)
      .single();
    const generated = (data as { barcode: string }).barcode;
    expect(generated).toMatch(/^2\d{12}$/);
    const kettle = page.locator(`[data-testid="label"][data-code="${generated}"]`);
    expect(await decodeBarcode(kettle.getByTestId('label-barcode'))).toEqual({
      text: generated,
      format: 'EAN_13',
    });

    // Shelf and unit labels, for put-away: the code the database gave the shelf (issue #41)
    await barcodes.press(barcodes.byTestId('label-kind-locations'));
    await expect(barcodes.byTestId('label')).toHaveCount(2);
    const { data: shelfRow } = await admin
      .from('storage_shelves')
      .select('code')
      .eq('shelf_id', seeded.shelfId)
      .single();
    const shelfCode = (shelfRow as { code: string }).code;
    const shelfLabel = barcodes.byTestId('label').nth(1);
    await expect(shelfLabel).toHaveAttribute('data-code', shelfCode);
    expect(await decodeBarcode(shelfLabel.getByTestId('label-barcode'))).toEqual({
      text: shelfCode,
      format: 'CODE_128',
    });
  });
});

test.describe('printing labels', () => {
  test('a seller who opened the inventory first prints every label with its barcode', async ({
    page,
    seller,
    dashboard,
  }) => {
    await seedShelf(seller.accountId, [
      { name: 'Lamp', barcode: 'LAMP-1' },
      { name: 'Kettle', barcode: 'KETTLE-1' },
      { name: 'Toaster', barcode: 'TOASTER-1' },
    ]);
    await dashboard.goto('inventory');
    // The inventory loads the other screens' stylesheets it uses (eBay's among them); then the
    // seller goes to the labels inside the app, so those stylesheets stay on the page.
    await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
    await dashboard.open('Barcode Labels');
    await expect(barcodes.byTestId('label-summary')).toContainText('3 labels');

    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.emulateMedia({ media: 'print' });
    const printed = barcodes.byTestId('label-print-sheets').getByTestId('label');
    await expect(printed).toHaveCount(3);
    for (const label of await printed.all()) {
      await expect(label.getByTestId('label-barcode')).toBeVisible();
      await expect(label.getByTestId('label-title')).toBeVisible();
    }
  });

  test('prints only the sheets, on pages the size of the label stock', async ({ page, seller }) => {
    await seedShelf(seller.accountId, [
      { name: 'Lamp', barcode: 'LAMP-1' },
      { name: 'Kettle', barcode: 'KETTLE-1' },
    ]);
    await barcodes.gotoLabels();
    await barcodes.byTestId('label-layout').selectOption('roll-62x29');
    await expect(barcodes.byTestId('label-summary')).toContainText('2 labels on 2 pages');

    // What the browser does when the seller prints (Print button or Ctrl+P)
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.emulateMedia({ media: 'print' });
    const printed = barcodes.byTestId('label-print-sheets');
    await expect(printed.getByTestId('label-sheet')).toHaveCount(2);
    await expect(page.getByTestId('dashboard')).toBeHidden();
    const box = await printed.getByTestId('label-sheet').first().boundingBox();
    expect(box!.width).toBeCloseTo((62 / 25.4) * 96, 0);
    expect(box!.height).toBeCloseTo((29 / 25.4) * 96, 0);

    // Chromium's own print pipeline, honouring @page: two pages of 62 × 29 mm (175.7 × 82.2 pt)
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
      Math.round(Number(m[1])),
      Math.round(Number(m[2])),
    ]);
    expect(boxes).toEqual([
      [176, 82],
      [176, 82],
    ]);
  });
});
