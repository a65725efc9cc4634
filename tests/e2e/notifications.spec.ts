import { expect, test } from './fixtures';
import { NotificationsPanel } from './pages/notifications-panel';
import { localDatePlus, seedStorage } from './seed-storage';

test.describe('expiry notifications', () => {
  test('one expiring item raises its own toast for 5 seconds', async ({
    page,
    admin,
    sellerAccount,
    loginPage,
    dashboard,
  }, testInfo) => {
    await seedStorage(admin, sellerAccount.id, [
      { item_name: 'Whey protein', expiry_date: localDatePlus(30) },
      // 31 days out: outside the window, never raised
      { item_name: 'Green tea', expiry_date: localDatePlus(31) },
      { item_name: 'No date' },
    ]);
    const bell = new NotificationsPanel(page, Boolean(testInfo.project.use.hasTouch));

    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    await expect(bell.expiryToast).toContainText('Whey protein expires in 30 days');
    const shownAt = Date.now();
    await expect(bell.expiryToast).toHaveAttribute('data-visible', 'false', { timeout: 8_000 });
    const shownFor = Date.now() - shownAt;
    // 5 s, not the 3.5 s of other toasts (some slack for the poll interval)
    expect(shownFor).toBeGreaterThan(4_000);
    expect(shownFor).toBeLessThan(6_500);

    await bell.open();
    await expect(bell.items).toHaveCount(1);
    await expect(bell.items).toHaveText(/Whey protein expires in 30 days/);
  });

  test("several give one 'N items need attention' toast; the panel lists and dismisses them, remembered by the server", async ({
    page,
    admin,
    sellerAccount,
    loginPage,
    dashboard,
  }, testInfo) => {
    const { itemIds } = await seedStorage(admin, sellerAccount.id, [
      { item_name: 'Expired yoghurt', expiry_date: localDatePlus(-2) },
      { item_name: 'Bread', expiry_date: localDatePlus(0) },
      { item_name: 'Vitamins', expiry_date: localDatePlus(30) },
      { item_name: 'Sold out', expiry_date: localDatePlus(30), quantity: 0 },
    ]);
    // 0 days is not a default reminder; the seller has one for it
    const prefs = await admin
      .from('user_preferences')
      .update({
        expiry_notifications: [
          { days: 0, enabled: true },
          { days: 30, enabled: true },
        ],
      })
      .eq('user_id', sellerAccount.id);
    expect(prefs.error).toBeNull();
    const bell = new NotificationsPanel(page, Boolean(testInfo.project.use.hasTouch));

    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    await expect(bell.expiryToast).toHaveCount(1);
    await expect(bell.expiryToast).toContainText('3 items need attention');
    await expect(bell.count).toHaveText('3');

    await bell.open();
    await expect(bell.items).toHaveText([
      /Expired yoghurt expired 2 days ago/,
      /Bread expires today/,
      /Vitamins expires in 30 days/,
    ]);
    await bell.dismiss('Bread');
    await expect(bell.items).toHaveCount(2);
    await expect(bell.count).toHaveText('2');

    const stored = await admin
      .from('dismissed_notifications')
      .select('item_id, notification_id')
      .eq('user_id', sellerAccount.id);
    expect(stored.data).toEqual([
      { item_id: itemIds[1], notification_id: `expiry:${itemIds[1]}:${localDatePlus(0)}:0d` },
    ]);

    // After a reload the dismissal holds and the same sign-in does not toast again.
    await page.reload();
    await dashboard.expectLoaded();
    await expect(bell.count).toHaveText('2');
    await bell.open();
    await expect(bell.items).toHaveCount(2);
    await expect(bell.expiryToast).toHaveCount(0);

    await bell.press(bell.panel.getByTestId('notifications-dismiss-all'));
    await expect(bell.panel.getByTestId('notifications-empty')).toBeVisible();
    await expect(bell.count).toHaveCount(0);
  });

  test('nothing is raised when every reminder is off', async ({
    page,
    admin,
    sellerAccount,
    loginPage,
    dashboard,
  }, testInfo) => {
    await seedStorage(admin, sellerAccount.id, [
      { item_name: 'Expired', expiry_date: localDatePlus(-1) },
      { item_name: 'Soon', expiry_date: localDatePlus(30) },
    ]);
    const off = await admin
      .from('user_preferences')
      .update({ expiry_notifications: [{ days: 30, enabled: false }] })
      .eq('user_id', sellerAccount.id);
    expect(off.error).toBeNull();
    const bell = new NotificationsPanel(page, Boolean(testInfo.project.use.hasTouch));
    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    await bell.open();
    await expect(bell.panel.getByTestId('notifications-empty')).toBeVisible();
    await expect(bell.expiryToast).toHaveCount(0);
  });
});
