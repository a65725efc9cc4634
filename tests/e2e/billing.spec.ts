import { test as base, expect } from './fixtures';
import { InventoryPage } from './pages/inventory-page';
import { stripeSandbox, SubscriptionSettingsPage } from './pages/subscription-settings-page';
import { seedStorage } from './seed';

const test = base.extend<{ inventory: InventoryPage; billing: SubscriptionSettingsPage }>({
  inventory: async ({ page }, use, testInfo) => {
    await use(new InventoryPage(page, Boolean(testInfo.project.use.hasTouch)));
  },
  billing: async ({ page }, use, testInfo) => {
    await use(new SubscriptionSettingsPage(page, Boolean(testInfo.project.use.hasTouch)));
  },
});

test.describe('subscription and billing', () => {
  // Each test pays through the sandbox's checkout once and then goes on as a paying seller.
  test.setTimeout(120_000);

  test('a free seller upgrades through Stripe checkout and can then add a second room; a failed renewal shows the overdue banner until the card is updated in Manage Billing', async ({
    page,
    admin,
    seller,
    dashboard,
    inventory,
    billing,
    consoleErrors,
  }) => {
    // The seller made their one room earlier.
    await seedStorage(seller.accountId, [{ name: 'Garage', isles: [] }]);
    await inventory.goto();
    await expect(dashboard.currentPlan).toHaveText('Free plan');
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
    const { data } = await admin.from('accounts').select('plan_id').eq('id', seller.accountId).single();
    expect(data).toEqual({ plan_id: 'growing' });
    await inventory.goto();
    await inventory.addRoom('Loft');
    await expect(inventory.roomTab('Loft')).toBeVisible();
    await expect(inventory.toastTitled('Plan Limit Reached')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);

    // The next month's payment fails at Stripe.
    const { data: subscription } = await admin
      .from('subscriptions')
      .select('stripe_subscription_id')
      .eq('account_id', seller.accountId)
      .single();
    await stripeSandbox(`subscriptions/${subscription!.stripe_subscription_id}/advance`, {
      outcome: 'failed',
    });
    await billing.goto();
    await expect(dashboard.overdueBanner).toBeVisible();
    await expect(dashboard.overdueBanner).toContainText('Your payment is overdue.');
    await expect(page.getByTestId('overdue-deadline')).toBeVisible();
    await expect(billing.status).toHaveText('Payment overdue');

    // Manage Billing: the portal takes a working card and pays what is due.
    await billing.press(page.getByTestId('manage-billing'));
    await page.waitForURL(/\/p\/session\/bps_/);
    await billing.press(page.getByTestId('sandbox-portal-update-card'));
    await expect(page.getByTestId('sandbox-portal-notice')).toHaveText(
      'Card updated and the overdue invoice was paid.',
    );
    await billing.press(page.getByTestId('sandbox-portal-return'));
    await page.waitForURL(/\/dashboard\/settings\?tab=subscription/);
    await expect(billing.status).toHaveText('Active');
    await expect(dashboard.overdueBanner).toHaveCount(0);
  });

  test('from the pricing page a signed-in Free seller goes straight to checkout, then cancels at the end of the period and reactivates', async ({
    page,
    admin,
    seller,
    dashboard,
    billing,
  }) => {
    await page.goto('/pricing');
    await billing.press(page.getByTestId('upgrade-power'));
    await page.waitForURL(/\/c\/pay\/cs_test_/);
    await billing.payOnCheckoutPage('Power Seller');
    await expect(billing.currentPlan).toHaveText('Power Seller');
    await expect(dashboard.currentPlan).toHaveText('Power Seller plan');
    const { data } = await admin.from('accounts').select('plan_id').eq('id', seller.accountId).single();
    expect(data).toEqual({ plan_id: 'power' });

    // Each plan card says what the plan includes besides its limits.
    await expect(page.getByTestId('plan-features-elite')).toContainText('3D view of your rooms');
    // Stepping down is offered as plainly as cancelling, not urged like the step up to Elite.
    const background = (testId: string) =>
      page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect(page.getByTestId('choose-plan-free')).toHaveText('Switch to Free');
    expect(await background('choose-plan-free')).toBe(await background('cancel-subscription'));
    expect(await background('choose-plan-free')).not.toBe(await background('choose-plan-elite'));

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
    const { data: subscription } = await admin
      .from('subscriptions')
      .select('plan_id, cancel_at')
      .eq('account_id', seller.accountId)
      .single();
    expect(subscription).toEqual({ plan_id: 'power', cancel_at: null });
  });
});
