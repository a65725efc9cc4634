import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { BarcodesPage } from './pages/barcodes-page';
import { InventoryPage } from './pages/inventory-page';
import { ProductsPage } from './pages/products-page';
import { seedShelf } from './seed';

// Issue #25 point 8: "Print label" on an item's row (products, the inventory's item menu) or in
// its dialog opens the labels screen with that one item chosen; printing gives one label.
const test = base.extend<{
  products: ProductsPage;
  inventory: InventoryPage;
  barcodes: BarcodesPage;
}>({
  products: async ({ page, touch }, use) => {
    await use(new ProductsPage(page, touch));
  },
  inventory: async ({ page, touch }, use) => {
    await use(new InventoryPage(page, touch));
  },
  barcodes: async ({ page, touch }, use) => {
    await use(new BarcodesPage(page, touch));
  },
});

/** Stands in for the browser's print dialog; counts how often the page asked for it. */
async function catchPrint(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  return () => page.evaluate(() => (window as unknown as { printed: number }).printed);
}

test.describe('print one label', () => {
  test('from a product row: the labels screen has that item alone and prints its one label', async ({
    page,
    seller,
    products,
    barcodes,
  }) => {
    const seeded = await seedShelf(seller.accountId, [
      { name: 'Lamp', barcode: 'LAMP-1' },
      { name: 'Kettle', barcode: 'KETTLE-1', sku: 'SKU-114' },
      { name: 'Toaster', barcode: 'TOASTER-1' },
    ]);
    await products.goto();
    await products.press(
      products.row('Kettle').getByRole('button', { name: 'Print label for Kettle' }),
    );

    await expect(page).toHaveURL(
      new RegExp(`/dashboard/barcode-labels\\?item=${seeded.itemIds[1]}$`),
    );
    await expect(barcodes.byTestId('label-scope')).toHaveValue('item');
    await expect(barcodes.byTestId('label-scope').locator('option:checked')).toHaveText(
      'Only Kettle',
    );
    await expect(barcodes.byTestId('label-item')).toHaveCount(1);
    await expect(barcodes.byTestId('label-summary')).toContainText('1 label on 1 page');

    const printed = await catchPrint(page);
    await barcodes.press(barcodes.byTestId('label-print'));
    expect(await printed()).toBe(1);
    const labels = barcodes.byTestId('label-print-sheets').getByTestId('label');
    await expect(labels).toHaveCount(1);
    await expect(labels.getByTestId('label-title')).toHaveText('Kettle');
    // the print copy shows only on paper (print media); its barcode carries the item's code
    await expect(labels.getByTestId('label-barcode')).toHaveAttribute('data-code', 'KETTLE-1');

    // Issue #39 point 10: at print scale (Avery 5160) each text line is whole (descenders too:
    // line boxes at least 1.2 × the font size), inside the label and clear of the others.
    await page.emulateMedia({ media: 'print' });
    const boxes = await labels.first().evaluate((label) => {
      const outer = label.getBoundingClientRect();
      const parts = [...label.children].map((child) => {
        const box = child.getBoundingClientRect();
        const style = getComputedStyle(child);
        return {
          tag: child.className.toString(),
          top: box.top,
          bottom: box.bottom,
          height: box.height,
          font: parseFloat(style.fontSize),
          text: child.textContent ?? '',
        };
      });
      return { top: outer.top, bottom: outer.bottom, parts };
    });
    await page.emulateMedia({ media: null });
    expect(boxes.parts.map((part) => part.text)).toEqual(
      expect.arrayContaining(['Kettle', 'SKU-114']),
    );
    for (const [index, part] of boxes.parts.entries()) {
      expect(part.top, part.tag).toBeGreaterThanOrEqual(boxes.top - 0.5);
      expect(part.bottom, part.tag).toBeLessThanOrEqual(boxes.bottom + 0.5);
      if (part.tag.includes('barcode')) continue;
      expect(part.height, part.text).toBeGreaterThanOrEqual(part.font * 1.2 - 0.5);
      const next = boxes.parts[index + 1];
      if (next)
        expect(next.top, `${part.text} / ${next.text}`).toBeGreaterThanOrEqual(part.bottom - 0.5);
    }
  });

  test('from the inventory item menu and the item dialog; an item without a barcode gets one', async ({
    page,
    admin,
    seller,
    dashboard,
    inventory,
    barcodes,
  }) => {
    const seeded = await seedShelf(seller.accountId, [
      { name: 'Teapot' },
      { name: 'Vase', barcode: 'VASE-1' },
    ]);
    await inventory.goto();

    // Teapot has no barcode: the screen says so and offers one
    await inventory.chooseAction(inventory.item('Teapot'), 'item-print-label');
    await expect(page).toHaveURL(new RegExp(`item=${seeded.itemIds[0]}$`));
    await expect(barcodes.byTestId('label-missing-codes')).toContainText(
      '1 chosen item has no barcode',
    );
    await expect(barcodes.byTestId('label-print')).toBeDisabled();
    await barcodes.press(barcodes.byTestId('generate-barcodes'));
    await expect(barcodes.byTestId('label-missing-codes')).toHaveCount(0);
    await expect(barcodes.byTestId('label-summary')).toContainText('1 label');
    const { data } = await admin
      .from('storage_items')
      .select('barcode')
      .eq('item_id', seeded.itemIds[0]!)
      .single();
    expect(data!.barcode).toMatch(/^\d{13}$/);

    // from the item's dialog
    await dashboard.open('Inventory');
    await expect(inventory.ready).toBeVisible();
    await inventory.press(inventory.item('Vase').getByTestId('item-edit'));
    await inventory.press(page.getByTestId('item-dialog-print-label'));
    await expect(page).toHaveURL(new RegExp(`item=${seeded.itemIds[1]}$`));
    await expect(page.getByTestId('item-dialog')).toHaveCount(0);
    const printed = await catchPrint(page);
    await barcodes.press(barcodes.byTestId('label-print'));
    expect(await printed()).toBe(1);
    const labels = barcodes.byTestId('label-print-sheets').getByTestId('label');
    await expect(labels).toHaveCount(1);
    await expect(labels.getByTestId('label-title')).toHaveText('Vase');
  });
});
