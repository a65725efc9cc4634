import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { DASHBOARD_SCREENS } from './pages/dashboard-page';

test.describe('dashboard access', () => {
  test('without a session /dashboard goes to /login, and back to the page after sign-in', async ({
    page,
    sellerAccount,
    loginPage,
    dashboard,
  }) => {
    await page.goto('/dashboard/logs');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Flogs$/);
    await expect(loginPage.heading).toBeVisible();

    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await expect(page).toHaveURL(/\/dashboard\/logs$/);
    await expect(dashboard.heading('Activity Log')).toBeVisible();
    await expect(loginPage.toast.filter({ hasText: 'Logged In' })).toBeVisible();
  });

  test('/dashboard itself without a session also asks to sign in', async ({ page, loginPage }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    await expect(loginPage.heading).toBeVisible();
  });

  test('a wrong password shows the server message', async ({ page, sellerAccount, loginPage }) => {
    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, 'not-the-password');
    await expect(loginPage.error).toHaveText('Invalid login credentials');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('dashboard layout', () => {
  test('shows plan, name and navigation to every screen; unknown paths land on inventory', async ({
    page,
    seller,
    dashboard,
  }) => {
    test.setTimeout(60_000); // eleven screens, five page loads and an axe run
    await expect(page).toHaveURL(/\/dashboard\/inventory$/);
    await expect(dashboard.currentPlan).toHaveText('Free plan');
    await expect(dashboard.userName).toHaveText(seller.name);
    await expect(dashboard.overdueBanner).toHaveCount(0);

    for (const screen of DASHBOARD_SCREENS) {
      await dashboard.open(screen.label);
      await expect(page).toHaveURL(new RegExp(`/dashboard/${screen.path}$`));
      await expect(dashboard.heading(screen.heading)).toBeVisible();
    }

    await dashboard.goto('no-such-screen/deeper');
    await expect(page).toHaveURL(/\/dashboard\/inventory$/);
    await expect(dashboard.heading('Inventory')).toBeVisible();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/inventory$/);

    // Settings keeps its tab parameter; the eBay callback has its own route.
    await dashboard.goto('settings?tab=subscription');
    await expect(dashboard.heading('Settings')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/settings\?tab=subscription$/);
    await dashboard.goto('ebay/callback');
    await expect(dashboard.heading('Connecting eBay')).toBeVisible();

    // The signed-in layout meets the same accessibility bar as the public pages.
    await dashboard.goto('inventory');
    await dashboard.expectLoaded();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
    expect(serious).toEqual([]);
  });

  test("a screen's data is asked for as the button goes down on its link, before the click", async ({
    page,
    seller,
    dashboard,
  }) => {
    expect(seller.id).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 800 });
    await dashboard.goto('settings'); // a page load: nothing of the inventory in memory
    await expect(dashboard.heading('Settings')).toBeVisible();
    const link = dashboard.nav.getByRole('link', { name: 'Inventory', exact: true });
    await link.hover();
    const items = page.waitForRequest((request) =>
      request.url().includes('/rest/v1/storage_items'),
    );
    await page.mouse.down();
    await items;
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await page.mouse.up();
    await expect(page).toHaveURL(/\/dashboard\/inventory$/);
    await dashboard.expectLoaded();
  });

  test('the team screen shows the owner and the seats the plan includes', async ({
    seller,
    dashboard,
    page,
  }) => {
    await dashboard.open('Team');
    const owner = page.getByTestId('team-member');
    await expect(owner).toHaveCount(1);
    await expect(owner).toContainText(seller.email);
    await expect(owner).toContainText('Owner');
    await expect(page.getByTestId('team-seats')).toContainText('1 of 1 seat used');
  });

  test('works in tablet portrait with the navigation behind a menu button', async ({
    page,
    seller,
    dashboard,
  }) => {
    expect(seller.id).toBeTruthy();
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(dashboard.menuButton).toBeVisible();
    await expect(dashboard.nav).toBeHidden();
    await dashboard.open('Export');
    await expect(dashboard.heading('Export')).toBeVisible();
    // Navigating folds the menu away again so the screen is not covered.
    await expect(dashboard.nav).toBeHidden();
  });

  test('is keyboard navigable with a visible focus', async ({ page, seller, dashboard }) => {
    expect(seller.id).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 800 });
    const importLink = dashboard.nav.getByRole('link', { name: 'Import', exact: true });
    // Tab through the page as a keyboard user would until the Import link has focus.
    for (let presses = 0; presses < 15; presses += 1) {
      if (await importLink.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(importLink).toBeFocused();
    const outline = await importLink.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/import$/);
    await expect(dashboard.heading('Import')).toBeVisible();
  });
});

test.describe('overdue banner', () => {
  test('appears for a past_due subscription, with the deadline', async ({
    page,
    admin,
    seller,
    dashboard,
  }) => {
    const deadline = new Date(Date.UTC(2031, 0, 15, 12));
    const { error } = await admin
      .from('subscriptions')
      .update({
        status: 'past_due',
        overdue_date: new Date(Date.UTC(2031, 0, 1, 12)).toISOString(),
        deadline_date: deadline.toISOString(),
      })
      .eq('user_id', seller.id);
    expect(error).toBeNull();

    await page.reload();
    await dashboard.expectLoaded();
    await expect(dashboard.overdueBanner).toBeVisible();
    await expect(dashboard.overdueBanner).toContainText('Your payment is overdue.');
    await expect(dashboard.overdueBanner).toContainText('January 15, 2031');
    await expect(dashboard.overdueBanner).toContainText('downgraded to the Free plan');
    await expect(
      dashboard.overdueBanner.getByRole('link', { name: 'Manage Billing' }),
    ).toHaveAttribute('href', '/dashboard/settings?tab=subscription');

    // It sits above the routes, so it follows the seller to the public pages too.
    await page.goto('/pricing');
    await expect(dashboard.overdueBanner).toBeVisible();
  });

  test('does not appear for an active subscription', async ({ page, admin, seller, dashboard }) => {
    const { data, error } = await admin
      .from('subscriptions')
      .select('status')
      .eq('user_id', seller.id)
      .single();
    expect(error).toBeNull();
    expect(data?.status).toBe('active');
    await page.reload();
    await dashboard.expectLoaded();
    await expect(dashboard.overdueBanner).toHaveCount(0);
  });
});

test.describe('sign out', () => {
  test("a server failure shows 'Logout Failed'; a 401 from the server still signs out", async ({
    page,
    seller,
    dashboard,
  }) => {
    expect(seller.id).toBeTruthy();
    // The auth server is made to fail the way an outage would, once.
    await page.route('**/auth/v1/logout**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, error_code: 'unexpected_failure', msg: 'Auth is down' }),
      }),
    );
    await dashboard.signOut();
    await expect(dashboard.toast.filter({ hasText: 'Logout Failed' })).toBeVisible();
    await expect(dashboard.root).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/inventory$/);

    // A session the server already forgot answers 401: the user is signed out all the same.
    await page.unroute('**/auth/v1/logout**');
    await page.route('**/auth/v1/logout**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 401, error_code: 'bad_jwt', msg: 'invalid JWT' }),
      }),
    );
    await dashboard.signOut();
    await expect(page).toHaveURL(/\/login$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});
