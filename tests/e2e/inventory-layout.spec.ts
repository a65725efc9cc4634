/**
 * The inventory's layout on the screens sellers use (issue #39): at 1366 px a row reads in full,
 * and on a portrait tablet a unit takes the width and a collapsed shelf stays collapsed.
 */
import type { Locator } from '@playwright/test';
import { seedDemoStockroom } from '../../local/demo-stockroom';
import { test as base, expect } from './fixtures';
import { e2eEnv } from './env';
import { InventoryPage } from './pages/inventory-page';

const test = base.extend<{ inventory: InventoryPage }>({
  inventory: async ({ page, touch }, use) => {
    await use(new InventoryPage(page, touch));
  },
});

/** Shown whole: visible, and its box as wide as its text (nothing cut or squeezed). */
async function expectWhole(element: Locator, text: RegExp | string): Promise<void> {
  await expect(element).toBeVisible();
  await expect(element).toHaveText(text);
  const { client, scroll } = await element.evaluate((node) => ({
    client: node.clientWidth,
    scroll: node.scrollWidth,
  }));
  expect(client).toBeGreaterThan(20);
  expect(client).toBeGreaterThanOrEqual(scroll);
}

test.describe('inventory layout', () => {
  // A demo stockroom (340 items) is seeded and drawn: slower than most on a shared machine.
  test.setTimeout(90_000);

  test.describe('at 1366 × 768', () => {
    test.use({ viewport: { width: 1366, height: 768 } });

    test('a demo stockroom row shows its SKU and expiry in full', async ({ seller, inventory }) => {
      await seedDemoStockroom(e2eEnv.dbUrl, seller.accountId);
      await inventory.goto();
      await inventory.press(inventory.roomTab('Spare Room'));
      // The consumables cabinet: every row has an SKU, a barcode, a price and an expiry date.
      const row = inventory.unit(1, 'A').getByTestId('item').first();
      await expectWhole(row.getByTestId('item-sku'), /^CON-\d{4}$/);
      await expectWhole(row.getByTestId('item-expiry'), /^Exp\. \S+/);
      await expectWhole(row.getByTestId('item-barcode'), /^50\d{11}$/);
      await expectWhole(row.getByTestId('item-price'), /\d\.\d\d/);
      await expect(row.getByTestId('item-count')).toBeVisible();
      // The name is never cut to a sliver either: at least a line of its own.
      const name = row.getByTestId('item-name');
      expect(await name.evaluate((node) => node.clientWidth)).toBeGreaterThan(150);
    });
  });

  test.describe('on a portrait tablet', () => {
    test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

    test('a unit spans the width; a collapsed shelf and unit stay collapsed @touch-only', async ({
      page,
      seller,
      inventory,
    }) => {
      await seedDemoStockroom(e2eEnv.dbUrl, seller.accountId);
      await inventory.goto();
      const unit = inventory.unit(1, 'A');
      const { width, container } = await unit.evaluate((node) => ({
        width: node.getBoundingClientRect().width,
        container: node.parentElement!.getBoundingClientRect().width,
      }));
      expect(width).toBeGreaterThanOrEqual(container * 0.9);

      const shelf = inventory.shelf(1, 'A', 2);
      const toggle = shelf.getByTestId('shelf-toggle');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(shelf.getByTestId('item').first()).toBeVisible();
      await inventory.press(toggle);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(shelf.getByTestId('item')).toHaveCount(0);
      await expect(shelf.getByTestId('shelf-count')).toHaveText(/^\d+ items?$/);

      const unitB = inventory.unit(1, 'B');
      await inventory.press(unitB.getByTestId('unit-toggle'));
      await expect(unitB.getByTestId('unit-toggle')).toHaveAttribute('aria-expanded', 'false');
      await expect(unitB.getByTestId('shelf')).toHaveCount(0);

      await page.reload();
      await expect(inventory.ready).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(shelf.getByTestId('item')).toHaveCount(0);
      await expect(unitB.getByTestId('unit-toggle')).toHaveAttribute('aria-expanded', 'false');
      await expect(unitB.getByTestId('shelf')).toHaveCount(0);
      // Opened again by keyboard as well as by finger.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(shelf.getByTestId('item').first()).toBeVisible();
    });
  });
});
