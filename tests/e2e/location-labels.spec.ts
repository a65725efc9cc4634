import { createRequire } from 'node:module';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { BarcodesPage } from './pages/barcodes-page';
import { InventoryPage } from './pages/inventory-page';
import { seedStorage, setPlan } from './seed';

// @zxing/library is CommonJS whose named exports Node's ESM loader cannot see; require it.
const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = createRequire(
  import.meta.url,
)('@zxing/library') as typeof import('@zxing/library');

/** Rasterises a printed label's QR code (SVG → canvas, white ground) and decodes it with ZXing. */
async function decodeQr(svg: Locator): Promise<string> {
  const image = await svg.evaluate(async (element) => {
    // Whole pixels per module: a fractional module size leaves uneven modules under crispEdges.
    const size = (element as SVGSVGElement).viewBox.baseVal.width * 10;
    const copy = element.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('width', String(size));
    copy.setAttribute('height', String(size));
    copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.drawImage(img, 0, 0, size, size);
    const rgba = context.getImageData(0, 0, size, size).data;
    const luminance: number[] = new Array(size * size);
    for (let i = 0; i < size * size; i += 1) luminance[i] = rgba[i * 4]!;
    return { size, luminance };
  });
  const source = new RGBLuminanceSource(
    Uint8ClampedArray.from(image.luminance),
    image.size,
    image.size,
  );
  return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
}

// Issue #41: a code for every shelf and unit, printed on location labels, scanned to put away.
test(
  'location labels for a unit print readable QR codes; a scanned shelf code takes the items there',
  { tag: '@touch-only' },
  async ({ page, admin, seller, touch }) => {
    test.setTimeout(120_000);
    const [garage] = await seedStorage(seller.accountId, [
      {
        name: 'Garage',
        isles: [
          { index: 1, units: [{ shelves: [[], [], [{ name: 'Teapot', barcode: 'TEA-1' }]] }] },
        ],
      },
    ]);
    const unit = garage!.isles[0]!.units[0]!;
    await setPlan(seller.accountId, 'elite');
    const { data: rows } = await admin
      .from('storage_shelves')
      .select('shelf_id, shelf_index, code')
      .eq('unit_id', unit.id)
      .order('shelf_index');
    const shelves = rows as { shelf_id: string; shelf_index: number; code: string }[];
    const { data: unitRow } = await admin
      .from('storage_units')
      .select('code')
      .eq('unit_id', unit.id)
      .single();
    const unitCode = (unitRow as { code: string }).code;

    const barcodes = new BarcodesPage(page, touch);
    await barcodes.gotoLabels();
    await barcodes.press(barcodes.byTestId('label-kind-locations'));
    await barcodes.byTestId('label-place-scope').selectOption('unit');
    await barcodes.byTestId('label-place-unit').selectOption(unit.id);
    await barcodes.press(barcodes.byTestId('label-held'));
    await expect(barcodes.byTestId('label-summary')).toContainText('4 labels on 1 page');

    // What the browser does when the seller prints: the print copy, then Chromium's own PDF
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await page.emulateMedia({ media: 'print' });
    const printed = barcodes.byTestId('label-print-sheets').getByTestId('label');
    await expect(printed).toHaveCount(4);
    const expected = [
      [unitCode, 'Garage › Isle 1 › Unit A'],
      [shelves[0]!.code, 'Garage › Isle 1 › Unit A › Shelf 1'],
      [shelves[1]!.code, 'Garage › Isle 1 › Unit A › Shelf 2'],
      [shelves[2]!.code, 'Garage › Isle 1 › Unit A › Shelf 3'],
    ];
    for (const [index, [code, path]] of expected.entries()) {
      const label = printed.nth(index);
      await expect(label.getByTestId('label-title')).toHaveText(code!);
      await expect(label.getByTestId('label-line').first()).toHaveText(path!);
      expect(await decodeQr(label.getByTestId('label-qr'))).toBe(code);
      // every line inside the label at print scale
      const inside = await label.evaluate((element) => {
        const outer = element.getBoundingClientRect();
        return [...element.querySelectorAll('p, svg')].every((part) => {
          const box = part.getBoundingClientRect();
          return (
            box.top >= outer.top - 0.5 &&
            box.bottom <= outer.bottom + 0.5 &&
            box.right <= outer.right + 0.5
          );
        });
      });
      expect(inside, code).toBe(true);
    }
    await expect(printed.nth(3).getByTestId('label-line').nth(1)).toHaveText('Teapot');
    // Chromium's own print pipeline makes one PDF page of them (it ends the print copy too)
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await page.emulateMedia({ media: null });

    // Put-away on the tablet: scan shelf 2's label (typed in lower case, as a wedge may send
    // it), then the teapot: it moves there.
    await barcodes.gotoScan();
    await barcodes.press(barcodes.byTestId('mode-putaway'));
    await barcodes.scan(shelves[1]!.code.toLowerCase());
    await expect(barcodes.byTestId('putaway-shelf')).toHaveText(
      'Garage › Isle 1 › Unit A › Shelf 2',
    );
    await barcodes.scan('TEA-1');
    await expect(barcodes.entry('TEA-1')).toHaveAttribute('data-status', 'moved');
    await expect
      .poll(async () => {
        const { data } = await admin
          .from('storage_items')
          .select('shelf_id')
          .eq('account_id', seller.accountId)
          .eq('barcode', 'TEA-1')
          .single();
        return (data as { shelf_id: string }).shelf_id;
      })
      .toBe(shelves[1]!.shelf_id);

    // Removing shelf 1 renumbers the two above it; their labels keep their codes but name the old
    // shelf numbers, so the toast offers to reprint those two, chosen on Barcode Labels.
    const inventory = new InventoryPage(page, touch);
    await inventory.goto();
    await inventory.chooseAction(inventory.shelf(1, 'A', 1), 'remove-shelf');
    await inventory.confirm('rpc/remove_shelf');
    const offer = inventory.toastTitled('Shelf Removed').getByTestId('reprint-offer');
    await expect(offer).toHaveText('Reprint labels for 2 renumbered shelves');
    await inventory.press(offer);
    await expect(barcodes.byTestId('label-place-scope')).toHaveValue('chosen');
    await expect(barcodes.byTestId('label-summary')).toContainText('2 labels on 1 page');
    const reprinted = barcodes.byTestId('label-sheets').getByTestId('label');
    await expect(reprinted.getByTestId('label-title')).toHaveText([
      shelves[1]!.code,
      shelves[2]!.code,
    ]);
    await expect(reprinted.nth(0).getByTestId('label-line').first()).toHaveText(
      'Garage › Isle 1 › Unit A › Shelf 1',
    );
  },
);
