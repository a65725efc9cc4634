import { expect, test } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { SettingsPage } from './pages/settings-page';
import { SubscriptionSettingsPage } from './pages/subscription-settings-page';

/**
 * Issue 24: a password change on one device ends the seller's other sessions (as GoTrue does).
 * The other device must not stay half-working (data on screen, billing refusing with 'Not
 * authenticated'): its next refused call checks the session with Auth, signs out and asks the
 * seller to sign in again.
 */
test.describe('a session ended by a password change elsewhere', () => {
  test('the other device is sent to sign in with a notice; the new password signs in', async ({
    browser,
    page,
    seller,
    dashboard,
  }, testInfo) => {
    test.setTimeout(120_000);
    const touch = Boolean(testInfo.project.use.hasTouch);
    const { viewport, hasTouch, isMobile, deviceScaleFactor, baseURL } = testInfo.project.use;
    const otherContext = await browser.newContext({
      viewport,
      hasTouch,
      isMobile,
      deviceScaleFactor,
      baseURL,
    });
    try {
      const other = await otherContext.newPage();
      const otherLogin = new LoginPage(other, touch);
      const otherDashboard = new DashboardPage(other, touch);
      await otherLogin.goto();
      await otherLogin.signIn(seller.email, seller.password);
      await otherDashboard.expectLoaded();

      // On the first device: a new password.
      const settings = new SettingsPage(page, touch);
      // A shared 2-core machine can take longer than the page objects' 10 s to show a screen.
      await page.goto('/dashboard/settings?tab=security');
      await expect(settings.field('new-password')).toBeVisible({ timeout: 30_000 });
      const newPassword = 'A-brand-new-one-42';
      await settings.field('new-password').fill(newPassword);
      await settings.field('confirm-password').fill(newPassword);
      await settings.press(settings.field('change-password-submit'));
      await expect(settings.toastTitled('Password Updated')).toBeVisible();

      // On the other: opening billing calls a function, which refuses the ended session.
      const billing = new SubscriptionSettingsPage(other, touch);
      await other.goto('/dashboard/settings?tab=subscription');
      await expect(billing.choosePlan('growing')).toBeVisible({ timeout: 30_000 });
      const refused = other.waitForResponse(
        (response) =>
          response.url().includes('/.netlify/functions/create-checkout-session') &&
          response.status() === 401,
      );
      await billing.press(billing.choosePlan('growing'));
      await refused;
      await expect(otherLogin.heading).toBeVisible({ timeout: 20_000 });
      await expect(other).toHaveURL(/\/login/);
      await expect(other.getByTestId('session-ended-notice')).toHaveText(
        'Your session has ended. Sign in again.',
      );
      // Signed out for real: the dashboard is not shown any more.
      await other.goto('/dashboard/inventory');
      await expect(otherLogin.heading).toBeVisible();

      // The old password no longer works; the new one does.
      await otherLogin.signIn(seller.email, seller.password);
      await expect(otherLogin.error).toHaveText('Invalid login credentials');
      await otherLogin.signIn(seller.email, newPassword);
      await otherDashboard.expectLoaded();
      await expect(other).toHaveURL(/\/dashboard\/inventory/);
      await expect(other.getByTestId('session-ended-notice')).toHaveCount(0);

      // The device that changed the password stays signed in.
      await dashboard.open('Inventory');
      await expect(dashboard.heading('Inventory')).toBeVisible();
    } finally {
      await otherContext.close();
    }
  });
});
