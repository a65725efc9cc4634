import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { DASHBOARD_SCREENS } from './pages/dashboard-page';

// Signing in through the form, and the way back to the screen asked for, are auth.spec.ts's.

test.describe('dashboard layout', () => {
  test('shows plan, name and navigation to every screen; keyboard, unknown paths, early data and axe', async ({
    page,
    admin,
    seller,
    dashboard,
  }) => {
    // Five tests of 60 s before: eleven screens, six page loads and an axe run.
    test.setTimeout(180_000);

    await test.step('plan and name; no overdue banner for an active subscription', async () => {
      const { data, error } = await admin
        .from('subscriptions')
        .select('status')
        .eq('account_id', seller.accountId)
        .single();
      expect(error).toBeNull();
      expect(data?.status).toBe('active');

      await dashboard.goto('inventory');
      await dashboard.expectLoaded();
      await expect(page).toHaveURL(/\/dashboard\/inventory$/);
      await expect(dashboard.currentPlan).toHaveText('Free plan');
      await expect(dashboard.userName).toHaveText(seller.name);
      await expect(dashboard.overdueBanner).toHaveCount(0);
    });

    await test.step('is keyboard navigable with a visible focus', async () => {
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

    await test.step('the navigation leads to every screen', async () => {
      for (const screen of DASHBOARD_SCREENS) {
        await dashboard.open(screen.label);
        await expect(page).toHaveURL(new RegExp(`/dashboard/${screen.path}$`));
        await expect(dashboard.heading(screen.heading)).toBeVisible();
        if (screen.path === 'team') {
          // The team screen shows the owner and the seats the plan includes.
          const owner = page.getByTestId('team-member');
          await expect(owner).toHaveCount(1);
          await expect(owner).toContainText(seller.email);
          await expect(owner).toContainText('Owner');
          await expect(page.getByTestId('team-seats')).toContainText('1 of 1 seat used');
        }
      }
    });

    await test.step('unknown paths land on inventory; Settings keeps its tab; the eBay callback has its route', async () => {
      await dashboard.goto('no-such-screen/deeper');
      await expect(page).toHaveURL(/\/dashboard\/inventory$/);
      await expect(dashboard.heading('Inventory')).toBeVisible();

      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/dashboard\/inventory$/);

      await dashboard.goto('settings?tab=subscription');
      await expect(dashboard.heading('Settings')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/settings\?tab=subscription$/);
      await dashboard.goto('ebay/callback');
      await expect(dashboard.heading('Connecting eBay')).toBeVisible();
    });

    await test.step("a screen's data is asked for as the button goes down on its link, before the click", async () => {
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

    await test.step('the signed-in layout meets the same accessibility bar as the public pages', async () => {
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  // The layout check needs no touch, but the tablet project proves it with the tablet's own
  // input, so the desktop does not run it again.
  test(
    'works in tablet portrait with the navigation behind a menu button',
    { tag: '@touch-only' },
    async ({ page, seller, dashboard }) => {
      expect(seller.id).toBeTruthy();
      await page.setViewportSize({ width: 768, height: 1024 });
      await dashboard.goto('inventory');
      await expect(dashboard.menuButton).toBeVisible();
      await expect(dashboard.nav).toBeHidden();
      await dashboard.open('Export');
      await expect(dashboard.heading('Export')).toBeVisible();
      // Navigating folds the menu away again so the screen is not covered.
      await expect(dashboard.nav).toBeHidden();
    },
  );
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
      .eq('account_id', seller.accountId);
    expect(error).toBeNull();

    await dashboard.goto('inventory');
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
});

test.describe('sign out', () => {
  test("a server failure shows 'Logout Failed'; a 401 from the server still signs out", async ({
    page,
    seller,
    dashboard,
  }) => {
    expect(seller.id).toBeTruthy();
    await dashboard.goto('inventory');
    await dashboard.expectLoaded();
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
