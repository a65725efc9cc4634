import { test as base, expect } from './fixtures';
import { InventoryPage } from './pages/inventory-page';
import { SubscriptionSettingsPage } from './pages/subscription-settings-page';

const test = base.extend<{ inventory: InventoryPage; billing: SubscriptionSettingsPage }>({
  inventory: async ({ page }, use, testInfo) => {
    await use(new InventoryPage(page, Boolean(testInfo.project.use.hasTouch)));
  },
  billing: async ({ page }, use, testInfo) => {
    await use(new SubscriptionSettingsPage(page, Boolean(testInfo.project.use.hasTouch)));
  },
});

test.describe('subscription and billing', () => {
  test.setTimeout(60_000);

  test('a free seller upgrades through Stripe checkout and can then add a second room', async ({
    page,
    admin,
    seller,
    dashboard,
    inventory,
    billing,
    consoleErrors,
  }) => {
    await expect(dashboard.currentPlan).toHaveText('Free plan');
    await inventory.goto();
    await inventory.addRoom('Garage');
    await expect(inventory.roomTab('Garage')).toBeVisible();

    // On Free the one room is the limit.
    await billing.goto();
    await expect(billing.currentPlan).toHaveText('Free');
    await expect(billing.usageCount('rooms')).toHaveText('1 of 1');

    // Checkout on the Stripe sandbox's hosted page, then back to the app.
    await billing.press(billing.choosePlan('growing'));
    await page.waitForURL(/\/c\/pay\/cs_test_/);
    await billing.payOnCheckoutPage('Growing Seller');

    await expect(
      billing
        .toastTitled('Plan Changed')
        .filter({ hasText: 'You are now on the Growing Seller plan' }),
    ).toBeVisible();
    await expect(billing.currentPlan).toHaveText('Growing Seller');
    await expect(billing.status).toHaveText('Active');
    await expect(billing.usageCount('rooms')).toHaveText('1 of 2');
    await expect(dashboard.currentPlan).toHaveText('Growing Seller plan');
    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=subscription$/);

    // The database agrees, and a Growing Seller may have a second room.
    const { data } = await admin.from('profiles').select('plan_id').eq('id', seller.id).single();
    expect(data).toEqual({ plan_id: 'growing' });
    await inventory.goto();
    await inventory.addRoom('Loft');
    await expect(inventory.roomTab('Loft')).toBeVisible();
    await expect(inventory.toastTitled('Plan Limit Reached')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a paying seller cancels at the end of the period and reactivates', async ({
    page,
    admin,
    seller,
    billing,
  }) => {
    await billing.goto();
    await billing.press(billing.choosePlan('power'));
    await page.waitForURL(/\/c\/pay\/cs_test_/);
    await billing.payOnCheckoutPage('Power Seller');
    await expect(billing.currentPlan).toHaveText('Power Seller');

    await billing.press(page.getByTestId('cancel-subscription'));
    const dialog = page.getByTestId('cancel-subscription-dialog');
    await expect(dialog).toContainText('stays active until the end of the current billing period');
    await billing.press(page.getByTestId('cancel-subscription-confirm'));
    await expect(
      billing.toastTitled('Plan Changed').filter({ hasText: 'You can reactivate it until then.' }),
    ).toBeVisible();
    await expect(billing.cancelScheduled).toContainText('Your Power Seller plan ends on');
    // Until then the plan is still Power Seller.
    await expect(billing.currentPlan).toHaveText('Power Seller');

    await billing.press(page.getByTestId('reactivate-subscription'));
    await expect(
      billing.toastTitled('Plan Changed').filter({ hasText: 'will renew as usual' }),
    ).toBeVisible();
    await expect(billing.cancelScheduled).toHaveCount(0);
    await expect(page.getByTestId('cancel-subscription')).toBeVisible();
    const { data } = await admin
      .from('subscriptions')
      .select('plan_id, cancel_at')
      .eq('user_id', seller.id)
      .single();
    expect(data).toEqual({ plan_id: 'power', cancel_at: null });
  });
});
