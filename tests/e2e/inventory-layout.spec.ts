/**
 * The inventory's layout on the screens sellers use (issue #39): at 1366 px a row reads in full,
 * and on a portrait tablet a unit takes the width and a collapsed shelf stays collapsed. Data is
 * seeded, not built through the screen, and each viewport loads the page as few times as it can.
 */
import type { Locator } from '@playwright/test';
import { seedDemoStockroom } from '../../local/demo-stockroom';
import { rememberedRoomKey } from '../../src/data/storage/remembered-room';
import type { AccountId } from '../../src/domain/ids';
import { test as base, expect } from './fixtures';
import { e2eEnv } from './env';
import { InventoryPage } from './pages/inventory-page';
import { db, seedStorage } from './seed';

const test = base.extend<{ inventory: InventoryPage }>({
  inventory: async ({ page, touch }, use) => {
    await use(new InventoryPage(page, touch));
  },
});

/** Shown whole: visible, and its box as wide as its text (nothing cut or squeezed). */
async function expectWhole(element: Locator, text: RegExp | string): Promise<void> {
  await expect(element).toHaveText(text);
  await expect(element).toBeInViewport({ ratio: 1 });
  const { client, scroll } = await element.evaluate((node) => ({
    client: node.clientWidth,
    scroll: node.scrollWidth,
  }));
  expect(client).toBeGreaterThan(20);
  expect(client).toBeGreaterThanOrEqual(scroll);
}

test.describe('inventory layout', () => {
  test('at 1366 × 768 a demo stockroom row shows its SKU and expiry in full', async ({
    page,
    seller,
    inventory,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await seedDemoStockroom(e2eEnv.dbUrl, seller.accountId);
    // The consumables cabinet (every row with an SKU, a barcode, a price and an expiry) is unit A
    // of the Spare Room: the page opens on that room, as it would for a seller who chose it.
    const {
      rows: [room],
    } = await db().query<{ room_id: string }>(
      `select room_id from public.storage_rooms where account_id = $1 and room_name = 'Spare Room'`,
      [seller.accountId],
    );
    await page.addInitScript(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [rememberedRoomKey(seller.accountId as AccountId), room!.room_id],
    );
    await inventory.goto();
    await expect(inventory.activeRoomTab).toHaveText('Spare Room');
    const row = inventory.unit(1, 'A').getByTestId('item').first();
    await expectWhole(row.getByTestId('item-sku'), /^CON-\d{4}$/);
    await expectWhole(row.getByTestId('item-expiry'), /^Exp\. \S+$/);
    await expectWhole(row.getByTestId('item-barcode'), /^50\d{11}$/);
    await expectWhole(row.getByTestId('item-price'), /\d\.\d\d$/);
    await expect(row.getByTestId('item-count')).toBeInViewport({ ratio: 1 });
    // The name is never cut to a sliver either: room for a good part of a line.
    expect(await row.getByTestId('item-name').evaluate((node) => node.clientWidth)).toBeGreaterThan(
      150,
    );
  });

  test.describe('on a portrait tablet', () => {
    test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

    test('a unit spans the width; a collapsed shelf and unit stay collapsed @touch-only', async ({
      page,
      seller,
      inventory,
    }) => {
      const item = (name: string) => ({ name, sku: `SKU-${name.length}`, expiry: '2030-12-31' });
      await seedStorage(seller.accountId, [
        {
          name: 'Garage',
          isles: [
            {
              index: 1,
              units: [
                {
                  type: 'bay',
                  shelves: [
                    [item('Teapot'), item('Mug')],
                    [item('Kettle'), item('Lamp')],
                  ],
                },
                { type: 'box', shelves: [[item('Rake')]] },
              ],
            },
          ],
        },
      ]);
      await inventory.goto();
      const unit = inventory.unit(1, 'A');
      const { width, isle } = await unit.evaluate((node) => ({
        width: node.getBoundingClientRect().width,
        isle: node.closest('[data-testid="isle"]')!.getBoundingClientRect().width,
      }));
      expect(width).toBeGreaterThanOrEqual(isle * 0.9);
      // …and the isle is the page's width, not a column of it.
      expect(isle).toBeGreaterThanOrEqual(768 * 0.9);

      const shelf = inventory.shelf(1, 'A', 2);
      const toggle = shelf.getByTestId('shelf-toggle');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(shelf.getByTestId('item')).toHaveCount(2);
      await inventory.press(toggle);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(shelf.getByTestId('item')).toHaveCount(0);
      await expect(shelf.getByTestId('shelf-count')).toHaveText('2 items');

      const unitB = inventory.unit(1, 'B');
      await inventory.press(unitB.getByTestId('unit-toggle'));
      await expect(unitB.getByTestId('unit-toggle')).toHaveAttribute('aria-expanded', 'false');
      await expect(unitB.getByTestId('shelf')).toHaveCount(0);

      await page.reload();
      await expect(inventory.ready).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(shelf.getByTestId('item')).toHaveCount(0);
      await expect(inventory.shelf(1, 'A', 1).getByTestId('item')).toHaveCount(2);
      await expect(unitB.getByTestId('unit-toggle')).toHaveAttribute('aria-expanded', 'false');
      await expect(unitB.getByTestId('shelf')).toHaveCount(0);
      // Opened again by keyboard as well as by finger.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(shelf.getByTestId('item')).toHaveCount(2);
    });
  });
});
