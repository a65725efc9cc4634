import { expect, signInContext, test as base } from './fixtures';
import { InventoryPage } from './pages/inventory-page';
import { createSeller, joinAccount, seedStorage } from './seed';

/**
 * Team (issue #27): the app acts on the member's current account with their role. A picker of
 * an owner's Power account sees the owner's stockroom, its name and plan, not their own empty
 * one; what a picker cannot do is not offered; a user with two accounts switches between them.
 */
const test = base.extend<{ inventory: InventoryPage }>({
  inventory: async ({ page }, use, testInfo) => {
    await use(new InventoryPage(page, Boolean(testInfo.project.use.hasTouch)));
  },
});

test.describe('team roles', () => {
  test.setTimeout(90_000);

  test("a picker works in the owner's stockroom, is not offered what a picker cannot do, and switches to their own account and back", async ({
    page,
    context,
    dashboard,
    inventory,
  }) => {
    // An owner on Power with a stockroom (Garage, one isle, a bay with Lamp), and their picker,
    // who is signed in on this browser.
    const owner = await createSeller({ tag: 'roles-owner', plan: 'power' });
    const picker = await createSeller({ tag: 'roles-picker' });
    await seedStorage(owner.accountId, [
      {
        name: 'Garage',
        isles: [{ index: 1, units: [{ type: 'bay', shelves: [[{ name: 'Lamp' }]] }] }],
      },
    ]);
    await joinAccount(owner, picker, 'picker');
    await signInContext(context, picker);
    await inventory.goto();

    await test.step("the owner's stockroom, its name and its plan; the picker's role", async () => {
      await expect(page.getByTestId('account-name')).toHaveText(owner.email);
      await expect(page.getByTestId('account-role')).toHaveText('Picker');
      await expect(page.getByTestId('current-plan')).toHaveText('Power Seller plan');
      await expect(inventory.roomTab('Garage')).toBeVisible();
      await expect(page.getByTestId('item-name').filter({ hasText: 'Lamp' })).toBeVisible();
    });

    await test.step('nothing that builds or removes storage; no item delete; no import, export or eBay', async () => {
      await expect(page.getByTestId('unit')).toHaveCount(1);
      await expect(page.getByTestId('unit-menu')).toHaveCount(0);
      await expect(page.getByTestId('add-room')).toHaveCount(0);
      await expect(page.getByTestId('add-isle')).toHaveCount(0);
      await expect(page.getByTestId('remove-room')).toHaveCount(0);
      for (const hidden of ['nav-import', 'nav-export', 'nav-integrations'])
        await expect(page.getByTestId(hidden)).toHaveCount(0);
      await expect(page.getByTestId('nav-inventory')).toHaveCount(1);
    });

    await test.step("an item's Edit offers a picker its quantity alone, and saves it", async () => {
      await page.getByRole('button', { name: 'Edit Lamp' }).click();
      const dialog = page.getByTestId('item-dialog');
      await expect(dialog.getByTestId('item-dialog-note')).toHaveText(
        "A picker changes an item's quantity and shelf; the owner or a manager changes its details.",
      );
      for (const hidden of ['item-item_name', 'item-sku', 'item-barcode', 'item-price_paid'])
        await expect(dialog.getByTestId(hidden)).toHaveCount(0);
      await dialog.getByTestId('item-quantity').fill('4');
      await dialog.getByTestId('item-dialog-submit').click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('item-count')).toHaveText('4');
    });

    await test.step('billing typed by hand: one plain sentence instead of the screen', async () => {
      await dashboard.goto('billing');
      await expect(page.getByText('Only the account owner can see billing.')).toBeVisible();
    });

    await test.step('Settings: read-only, said once; no Subscription or Backups tab', async () => {
      await dashboard.open('Settings');
      await expect(page.getByTestId('settings-read-only')).toHaveText(
        'Only the owner or a manager can change settings.',
      );
      await expect(page.getByTestId('settings-tab-subscription')).toHaveCount(0);
      await expect(page.getByTestId('settings-tab-backups')).toHaveCount(0);
    });

    await test.step('with two accounts, the switcher shows the other stockroom', async () => {
      await dashboard.open('Inventory');
      await expect(inventory.roomTab('Garage')).toBeVisible();

      // Their own account (empty) and the owner's: the switcher lists both by name.
      const switcher = page.getByLabel('Account', { exact: true });
      await expect(switcher).toHaveAttribute('data-testid', 'account-switcher');
      await expect(switcher).toHaveValue(owner.accountId);
      await switcher.selectOption(picker.accountId);

      await expect(page).toHaveURL(/\/dashboard\/inventory$/);
      await expect(page.getByTestId('no-rooms')).toBeVisible();
      await expect(page.getByTestId('account-name')).toHaveCount(0);
      await expect(page.getByTestId('current-plan')).toHaveText('Free plan');
      await expect(page.getByTestId('add-room')).toBeVisible();

      // And back: the owner's stockroom again.
      await page.getByTestId('account-switcher').selectOption(owner.accountId);
      await expect(inventory.roomTab('Garage')).toBeVisible();
      await expect(page.getByTestId('account-role')).toHaveText('Picker');
    });
  });
});
