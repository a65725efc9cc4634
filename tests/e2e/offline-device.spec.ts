import type { Page } from '@playwright/test';
import { deviceItemRows } from './device-copy';
import { expect, test as base } from './fixtures';
import { InventoryPage } from './pages/inventory-page';
import {
  createSeller,
  deviceDbOf,
  seedStorage,
  setPlan,
  signInFromNode,
  type SeedRoom,
  type SellerAccount,
} from './seed';

// The app's code must come from the device on an offline reload: let the service worker in, as
// the installable-app spec does (the rest of the suite blocks it).
base.use({ serviceWorkers: 'allow' });

const test = base.extend<{ inventory: InventoryPage }>({
  inventory: async ({ page, touch }, use) => {
    await use(new InventoryPage(page, touch));
  },
});

// Garage (a free plan's one room): isle 1, a bay of two shelves and a box.
const STOCKROOM: SeedRoom[] = [
  {
    name: 'Garage',
    isles: [
      {
        index: 1,
        units: [
          {
            type: 'bay',
            shelves: [
              [{ name: 'Hammer', barcode: 'HAM-001' }, { name: 'Claw hammer' }],
              [{ name: 'Spirit level', quantity: 3 }],
            ],
          },
          {
            type: 'box',
            shelves: [[{ name: 'Tape measure', barcode: 'TAPE-9' }, { name: 'Lamp' }]],
          },
        ],
      },
    ],
  },
];

/** Waits until the service worker has installed this build and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
  });
}

/** The names of the IndexedDB databases of this origin. */
function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases()).map((db) => db.name ?? '').filter(Boolean),
  );
}

/**
 * Waits until the device holds the items of the seller's own account (written a moment after
 * they load).
 */
async function deviceHoldsItems(
  page: Page,
  seller: Pick<SellerAccount, 'id' | 'accountId'>,
  count: number,
): Promise<void> {
  const { accountId } = seller;
  await expect
    .poll(
      async () =>
        (
          await deviceItemRows(
            page,
            deviceDbOf(seller),
            JSON.stringify(['inventory', accountId, 'items']),
          )
        )?.length ?? -1,
      { timeout: 10_000 },
    )
    .toBe(count);
}

test.describe('the stockroom kept on the device', () => {
  test.setTimeout(150_000);
  test.use({ viewport: { width: 1366, height: 768 } });

  test('opens and searches the inventory offline after a reload; Products lists', async ({
    page,
    context,
    admin,
    seller,
    inventory,
    dashboard,
  }) => {
    await seedStorage(seller.accountId, STOCKROOM);
    // Bulk Scan is Power Seller and up: offline, the plan comes from the device too.
    await setPlan(seller.accountId, 'power');
    await inventory.goto();
    await expect(inventory.item('Hammer')).toBeVisible();
    await controlledByServiceWorker(page);
    await deviceHoldsItems(page, seller, 5);

    await context.setOffline(true);
    await page.reload();
    await expect(inventory.ready).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await expect(page.getByTestId('inventory-error')).toHaveCount(0);
    await expect(inventory.roomTab('Garage')).toBeVisible();
    await expect(inventory.unit(1, 'B')).toBeVisible();
    await expect(inventory.unit(1, 'A')).toBeVisible();
    await expect(inventory.item('Hammer')).toBeVisible();
    await expect(inventory.item('Spirit level')).toBeVisible();
    await page.screenshot({
      path: test.info().outputPath(`${test.info().project.name}-offline-inventory.png`),
    });

    // Search by name and by barcode, answered from the device.
    await inventory.search('name', 'level');
    await expect(inventory.searchResults).toHaveCount(1);
    await expect(inventory.searchResults.first()).toContainText('Spirit level');
    await inventory.search('barcode', 'tape-9');
    await expect(inventory.searchResults).toHaveCount(1);
    await expect(inventory.searchResults.first()).toContainText('Tape measure');
    await expect(inventory.searchResults.first().getByTestId('hit-location')).toContainText(
      'Garage',
    );
    await inventory.search('barcode', 'hammer');
    await expect(inventory.searchResults).toHaveCount(2);

    // Products lists the same items offline.
    await dashboard.open('Products');
    await expect(page.getByTestId('products-ready')).toBeVisible();
    await expect(page.getByTestId('product-row')).toHaveCount(5);

    // Bulk Scan opens with the scanner, its barcode lookup working on the device's items.
    await dashboard.open('Bulk Scan');
    await expect(page.getByTestId('scanner')).toBeVisible();
    await expect(page.getByTestId('scan-upgrade')).toHaveCount(0);
    await dashboard.open('Products');
    await expect(page.getByTestId('products-ready')).toBeVisible();

    // Back online, the screens ask the server again and follow it.
    await context.setOffline(false);
    await admin
      .from('storage_items')
      .update({ item_name: 'Lamp (brass)' })
      .eq('account_id', seller.accountId)
      .eq('item_name', 'Lamp');
    await page.reload();
    await expect(page.getByTestId('products-ready')).toBeVisible();
    await expect(page.getByTestId('product-row').filter({ hasText: 'Lamp (brass)' })).toHaveCount(
      1,
    );
  });

  test('sign-out deletes the device copy, and the next seller never sees the first one', async ({
    page,
    seller,
    inventory,
    dashboard,
  }) => {
    await seedStorage(seller.accountId, STOCKROOM);
    await inventory.goto();
    await expect(inventory.item('Hammer')).toBeVisible();
    await deviceHoldsItems(page, seller, 5);
    expect(await databaseNames(page)).toContain(deviceDbOf(seller));

    await dashboard.signOut();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => databaseNames(page)).not.toContain(deviceDbOf(seller));

    // A second seller signs in on the same browser (their session put where the sign-in form
    // would put it: the form is the auth specs' business).
    const second = await createSeller({ tag: 'second' });
    await seedStorage(second.accountId, [
      {
        name: 'Shed',
        isles: [{ index: 1, units: [{ type: 'box', shelves: [[{ name: 'Rake' }]] }] }],
      },
    ]);
    const session = await signInFromNode(second.email, second.password);
    await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), session);
    await inventory.goto();
    await expect(inventory.item('Rake')).toBeVisible();
    await expect(inventory.item('Hammer')).toHaveCount(0);
    await expect(inventory.roomTab('Garage')).toHaveCount(0);
    await deviceHoldsItems(page, second, 1);
    const names = await databaseNames(page);
    expect(names).toContain(deviceDbOf(second));
    expect(names).not.toContain(deviceDbOf(seller));
  });
});
