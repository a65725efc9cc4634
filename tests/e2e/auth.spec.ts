import { expect, PASSWORD, signInContext, test, uniqueEmail } from './fixtures';
import { verifyLinkIn, waitForMail } from './mailbox';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { SettingsPage } from './pages/settings-page';
import { SignupPage } from './pages/signup-page';
import { SubscriptionSettingsPage } from './pages/subscription-settings-page';

// The auth specs (this file and auth-mfa.spec.ts) are the only ones that sign in through the
// form: everywhere else the seller's session is made in Node (fixtures.ts).

test('sign up, confirm from the mailbox, sign in, reload stays signed in, sign out', async ({
  page,
  loginPage,
  dashboard,
}, testInfo) => {
  const email = uniqueEmail(`signup-${testInfo.project.name}`);
  const name = email.slice(0, email.indexOf('@'));
  const signup = new SignupPage(page, Boolean(testInfo.project.use.hasTouch));

  await signup.goto();
  await signup.signUp(email, PASSWORD);
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginPage.confirmNotice).toContainText(email);

  // Unconfirmed, the server refuses to sign in and the page says why.
  await loginPage.signIn(email, PASSWORD);
  await expect(loginPage.error).toContainText(/confirm/i);

  const mail = await waitForMail(email);
  const link = verifyLinkIn(mail);
  // As GoTrue writes it: the app's /login address as given (it holds no &, = or #).
  expect(link).toMatch(/[?&]redirect_to=http:\/\/[^&]+\/login$/);

  // The link confirms the address and signs the user in on the way back to /login.
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard\/inventory$/);
  await dashboard.expectLoaded();
  await expect(dashboard.userName).toHaveText(name);

  await dashboard.signOut();
  await expect(page).toHaveURL(/\/login$/);

  // The same link again is refused; sign-in says why (issue #39 point 11).
  await page.goto(link);
  await expect(page.getByTestId('link-expired-notice')).toHaveText(
    'This link has already been used or has expired. Sign in, or ask for a new link.',
  );

  await loginPage.signIn(email, PASSWORD);
  // The toast goes after a few seconds: looked for first.
  await expect(loginPage.toast.filter({ hasText: 'Logged In' })).toContainText(
    `Welcome back, ${name}`,
  );
  await expect(page).toHaveURL(/\/dashboard\/inventory$/);
  await dashboard.expectLoaded();

  await page.reload();
  await dashboard.expectLoaded();
  await expect(page).toHaveURL(/\/dashboard\/inventory$/);
  await expect(dashboard.userName).toHaveText(name);

  await dashboard.signOut();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard/inventory');
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});

test(
  'a visitor: the landing page comes without the session client, the form shows a wrong password’s message and signs in, and a dashboard address asks to sign in and comes back to it',
  // The sign-in form by touch, once for the suite.
  { tag: '@touch' },
  async ({ page, sellerAccount, loginPage, dashboard }) => {
    // Five tests of 60 s before: two sign-ins through the form, a sign-out, five page loads.
    test.setTimeout(150_000);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });

    await test.step('a first visit to the landing page does not download the session client', async () => {
      await page.goto('/');
      await expect(page.getByTestId('nav-login')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // supabase-js is the biggest dependency; a visitor who never signed in is told "signed
      // out" without it (the landing page's JS budget).
      expect(scripts.filter((path) => /\/assets\/supabase-(?!client-)/.test(path))).toEqual([]);
    });

    await test.step('the sign-in form loads it: a wrong password shows the server message', async () => {
      await loginPage.press(page.getByTestId('nav-login'));
      await expect(loginPage.heading).toBeVisible();
      await loginPage.signIn(sellerAccount.email, 'not-the-password');
      await expect(loginPage.error).toHaveText('Invalid login credentials');
      await expect(page).toHaveURL(/\/login$/);
    });

    await test.step('the session it makes is followed by the whole app, with no code step for an account without two-factor', async () => {
      await loginPage.signIn(sellerAccount.email, sellerAccount.password);
      // The toast goes after a few seconds: looked for before the dashboard's data arrives.
      await expect(loginPage.toast.filter({ hasText: 'Logged In' })).toBeVisible();
      await dashboard.expectLoaded();
      await expect(page.getByTestId('mfa-code')).toHaveCount(0);
    });

    await test.step('back on the landing page with a stored session, it knows the seller is signed in', async () => {
      await page.goto('/');
      await expect(page.getByTestId('nav-dashboard')).toBeVisible();
      await expect(page.getByTestId('nav-login')).toHaveCount(0);
      await loginPage.press(page.getByTestId('nav-dashboard'));
      await dashboard.expectLoaded();
      await dashboard.signOut();
      await expect(page).toHaveURL(/\/login$/);
    });

    await test.step('/dashboard itself without a session asks to sign in', async () => {
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
      await expect(loginPage.heading).toBeVisible();
    });

    await test.step('a screen without a session goes to sign in, and back to that screen after', async () => {
      await page.goto('/dashboard/logs');
      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Flogs$/);
      await expect(loginPage.heading).toBeVisible();

      await loginPage.signIn(sellerAccount.email, sellerAccount.password);
      await expect(loginPage.toast.filter({ hasText: 'Logged In' })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/logs$/);
      await expect(dashboard.heading('Activity Log')).toBeVisible();
    });
  },
);

test('forgot password: the mailed link lets the seller choose a new password and sign in with it', async ({
  page,
  sellerAccount,
  loginPage,
  dashboard,
}) => {
  await loginPage.goto();
  await loginPage.press(page.getByRole('button', { name: 'Forgot password?' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();

  // An address without an account gets the very same answer: the form does not reveal who is a seller.
  const stranger = uniqueEmail('nobody');
  await page.getByLabel('E-mail').fill(stranger);
  await loginPage.press(page.getByTestId('reset-submit'));
  await expect(page.getByTestId('reset-sent')).toHaveText(
    `If an account exists for ${stranger}, we have sent it a link to reset the password. Open the link to choose a new password.`,
  );
  await loginPage.press(page.getByRole('button', { name: 'Back to sign in' }));
  await loginPage.press(page.getByRole('button', { name: 'Forgot password?' }));
  await page.getByLabel('E-mail').fill(sellerAccount.email);
  await loginPage.press(page.getByTestId('reset-submit'));
  await expect(page.getByTestId('reset-sent')).toContainText(
    `If an account exists for ${sellerAccount.email}, we have sent it a link`,
  );

  const link = verifyLinkIn(await waitForMail(sellerAccount.email));
  // GoTrue leaves redirect_to as given when it holds no '&', '=' or '#'.
  expect(new URL(link).searchParams.get('redirect_to')).toMatch(/\/login$/);
  await page.goto(link);
  const dialog = page.getByTestId('recovery-dialog');
  await expect(dialog).toBeVisible();
  const newPassword = 'Fresh-Shelves-2027!';
  await dialog.getByLabel('New password').fill(newPassword);
  await loginPage.press(dialog.getByRole('button', { name: 'Save password' }));
  await expect(loginPage.toast.filter({ hasText: 'Password Updated' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await dashboard.signOut();
  await loginPage.signIn(sellerAccount.email, sellerAccount.password);
  await expect(loginPage.error).toBeVisible();
  await loginPage.signIn(sellerAccount.email, newPassword);
  await dashboard.expectLoaded();
});

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
      // The other device was signed in earlier: its session exists before the change.
      await signInContext(otherContext, seller);
      const other = await otherContext.newPage();
      const otherLogin = new LoginPage(other, touch);
      const otherDashboard = new DashboardPage(other, touch);

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
      // Its last token proves it held the ended session, so it is told why (issue #39).
      await expect(other.getByTestId('session-ended-notice')).toHaveText(
        'You were signed out because your password was changed. Sign in with your new password.',
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
