import { test as base, expect } from './fixtures';
import { InventoryPage } from './pages/inventory-page';
import { LogsPage } from './pages/logs-page';
import { seedStorage, type SeedRoom } from './seed';

const test = base.extend<{ inventory: InventoryPage }>({
  inventory: async ({ page, touch }, use) => {
    await use(new InventoryPage(page, touch));
  },
});

const OFFLINE_NOTICE =
  "You're offline. Changes you make are kept on this device and sent when the connection is back.";
const SCREEN_OFFLINE =
  "This screen couldn't be loaded — you're offline. Retry once you're back online.";

// Garage: isle 1, unit A with one shelf holding a Hammer.
const GARAGE: SeedRoom[] = [
  {
    name: 'Garage',
    isles: [{ index: 1, units: [{ type: 'box', shelves: [[{ name: 'Hammer' }]] }] }],
  },
];

/** A screenshot beside the test's other output, named for the project (desktop or tablet). */
async function snap(page: import('@playwright/test').Page, name: string): Promise<void> {
  await page.screenshot({
    path: test.info().outputPath(`${test.info().project.name}-${name}.png`),
  });
}

test.describe('offline', () => {
  test.setTimeout(120_000);

  // A common laptop's 1366×768: the dialog's messages must fit its height.
  test.use({ viewport: { width: 1366, height: 768 } });

  test('a quiet notice says changes are kept while offline, and goes when back online', async ({
    page,
    context,
    seller,
    inventory,
  }) => {
    expect(seller.id).toBeTruthy();
    await inventory.goto();
    const notice = page.getByTestId('offline-notice');
    const liveSync = page.getByTestId('live-sync');
    await expect(liveSync).toHaveAttribute('data-state', 'live');
    await expect(notice).toBeHidden();

    await context.setOffline(true);
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText(OFFLINE_NOTICE);
    await expect(notice).toHaveAttribute('role', 'status');
    // The header says it in words too, not only by colour (issue #39 point 12).
    await expect(page.getByTestId('offline-status')).toHaveText('Offline');
    // One message for one cause: the live-updates note stays quiet while the notice speaks.
    await expect(liveSync).toHaveAttribute('data-state', 'off');
    await expect(liveSync).toBeHidden();
    await snap(page, 'offline-notice');

    // Back online: the notice goes (live updates joining again is live-sync.spec.ts's business).
    await context.setOffline(false);
    await expect(notice).toBeHidden();
  });

  test('an item added or edited offline is kept on the device, shown at once, and saved once back online', async ({
    page,
    context,
    admin,
    seller,
    inventory,
  }) => {
    await seedStorage(seller.accountId, GARAGE);
    await inventory.goto();
    const shelf = inventory.shelf(1, 'A', 1);
    const dialog = page.getByTestId('item-dialog');
    const submit = page.getByTestId('item-dialog-submit');
    const waiting = page.getByTestId('changes-waiting');

    await inventory.press(shelf.getByTestId('add-item'));
    const typed = {
      'item-item_name': 'Brass lantern',
      'item-quantity': '3',
      'item-barcode': '5012345678900',
      'item-sku': 'LAN-01',
      'item-price_paid': '12.50',
    };
    for (const [testId, value] of Object.entries(typed)) await page.getByTestId(testId).fill(value);

    await context.setOffline(true);
    await inventory.press(submit);
    // Kept on the device: the dialog closes, the item shows on its shelf, the header counts it.
    await expect(dialog).toBeHidden();
    await expect(shelf.getByTestId('item-name')).toContainText(['Brass lantern']);
    await expect(waiting).toHaveText('1 change waiting');

    // An edit offline: shown at once, queued behind the add.
    await inventory.press(inventory.item('Hammer').getByTestId('item-edit'));
    await page.getByTestId('item-item_name').fill('Claw hammer');
    await inventory.press(submit);
    await expect(dialog).toBeHidden();
    await expect(inventory.item('Claw hammer')).toBeVisible();
    await expect(waiting).toHaveText('2 changes waiting');
    await expect(page.getByTestId('offline-status')).toHaveText('Offline');
    await snap(page, 'changes-waiting');

    await inventory.press(waiting);
    const list = page.getByTestId('change-waiting');
    await expect(list).toHaveCount(2);
    await expect(list.nth(0)).toContainText('Add Brass lantern (3) to Garage');
    await expect(list.nth(1)).toContainText('Rename Hammer to Claw hammer');
    await page.keyboard.press('Escape');

    // Signing out would delete the queue with the device's copy: it asks first; staying keeps it.
    await inventory.press(page.getByTestId('sign-out'));
    const ask = page.getByTestId('sign-out-unsent');
    await expect(ask).toContainText('2 changes made on this device have not been sent yet');
    await inventory.press(page.getByRole('button', { name: 'Stay signed in' }));
    await expect(ask).toBeHidden();
    await expect(page.getByTestId('sign-out')).toBeVisible();
    await expect(waiting).toHaveText('2 changes waiting');

    const none = await admin
      .from('storage_items')
      .select('item_id')
      .eq('item_name', 'Brass lantern');
    expect(none.data).toEqual([]);

    // Back online: the queue is sent in order and empties.
    await context.setOffline(false);
    await expect(page.getByTestId('offline-notice')).toBeHidden();
    await expect(page.getByTestId('offline-status')).toBeHidden();
    await expect(waiting).toBeHidden();
    await expect
      .poll(async () => {
        const saved = await admin
          .from('storage_items')
          .select('item_name, quantity, barcode, sku, price_paid, account_id')
          .eq('account_id', seller.accountId)
          .order('item_name');
        return saved.data;
      })
      .toEqual([
        {
          item_name: 'Brass lantern',
          quantity: 3,
          barcode: '5012345678900',
          sku: 'LAN-01',
          price_paid: 12.5,
          account_id: seller.accountId,
        },
        {
          item_name: 'Claw hammer',
          quantity: 1,
          barcode: null,
          sku: null,
          price_paid: null,
          account_id: seller.accountId,
        },
      ]);
  });

  test('a screen whose code was not loaded yet says so offline, and Retry loads it once online', async ({
    page,
    context,
    seller,
    inventory,
    dashboard,
  }) => {
    expect(seller.id).toBeTruthy();
    await inventory.goto();
    const logs = new LogsPage(page, inventory.touch);

    await context.setOffline(true);
    await dashboard.open('Activity Log');
    const failed = page.getByTestId('screen-load-error');
    await expect(failed).toBeVisible();
    await expect(page.getByTestId('screen-load-error-message')).toHaveText(SCREEN_OFFLINE);
    await expect(page.getByText(/dynamically imported module/)).toHaveCount(0);
    // The rest of the dashboard still works around it.
    await expect(dashboard.nav).toBeAttached();
    await expect(page.getByTestId('offline-notice')).toBeVisible();

    // Retry while still offline: the same message, no raw error.
    await dashboard.press(page.getByTestId('screen-load-retry'));
    await expect(page.getByTestId('screen-load-error-message')).toHaveText(SCREEN_OFFLINE);

    await context.setOffline(false);
    await expect(page.getByTestId('screen-load-error-message')).toHaveText(
      "This screen couldn't be loaded. Check your connection and retry.",
    );
    await dashboard.press(page.getByTestId('screen-load-retry'));
    await expect(logs.root).toBeVisible();
    await expect(failed).toHaveCount(0);
    await expect(dashboard.heading('Activity Log')).toBeVisible();
  });
});
