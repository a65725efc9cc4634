import { totp } from '../helpers/totp';
import { expect, test } from './fixtures';
import { enrolTotp } from './seed';

/** A code that is not valid now (nor one step either side, the server's clock skew). */
function wrongCode(secret: string): string {
  const now = Date.now();
  const valid = new Set([-30_000, 0, 30_000].map((d) => totp(secret, new Date(now + d))));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

test.describe('sign-in with two-factor authentication', () => {
  test('password, then the code: the step can be left by signing out; a wrong code is refused, the right one opens the dashboard; a reload stays on the code step', async ({
    page,
    sellerAccount,
    loginPage,
    dashboard,
    consoleErrors,
  }) => {
    test.setTimeout(90_000); // two sign-ins through the form, a reload and four page loads
    // The seller turned two-factor on earlier (their own session; the browser never signed in).
    const secret = await enrolTotp(sellerAccount);

    await test.step('the code step can be left: signing out returns to the sign-in form', async () => {
      await loginPage.goto();
      await loginPage.signIn(sellerAccount.email, sellerAccount.password);
      await expect(page.getByTestId('mfa-code')).toBeVisible();

      const out = page.waitForResponse((r) => r.url().includes('/auth/v1/logout'));
      await loginPage.press(page.getByTestId('mfa-sign-out'));
      await out;
      await expect(loginPage.heading).toBeVisible();
      await page.goto('/dashboard/inventory');
      await expect(loginPage.heading).toBeVisible();
      await expect(page.getByTestId('mfa-code')).toHaveCount(0);
    });

    await loginPage.goto('?redirectTo=%2Fdashboard%2Fsettings%3Ftab%3Dsecurity');
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);

    const heading = page.getByRole('heading', { level: 1, name: 'Two-factor authentication' });
    const code = page.getByTestId('mfa-code');
    await expect(heading).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toBeFocused();
    // the password alone does not sign in: no dashboard, no 'Logged In'
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await expect(loginPage.toast.filter({ hasText: 'Logged In' })).toHaveCount(0);

    // a reload (or closing the tab and coming back) lands on the same step
    await page.reload();
    await expect(heading).toBeVisible();
    // ...and so does asking for the dashboard directly
    await page.goto('/dashboard/inventory');
    await expect(heading).toBeVisible();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Finventory$/);

    // an incomplete code is not sent
    await code.fill('123');
    await loginPage.press(page.getByTestId('mfa-submit'));
    await expect(page.getByTestId('mfa-error')).toHaveText(
      'Enter the 6-digit code your authenticator app shows',
    );

    // a wrong code: the server's message, and the step stays
    const refused = page.waitForResponse(
      (r) => /\/auth\/v1\/factors\/[^/]+\/verify$/.test(r.url()) && r.status() === 422,
    );
    await code.fill(wrongCode(secret));
    await loginPage.press(page.getByTestId('mfa-submit'));
    await refused;
    await expect(page.getByTestId('mfa-error')).toHaveText('Invalid TOTP code entered');
    await expect(heading).toBeVisible();

    // the right code (typed the way apps show it, with a space)
    const right = totp(secret);
    await code.fill(`${right.slice(0, 3)} ${right.slice(3)}`);
    await expect(code).toHaveValue(right);
    await loginPage.press(page.getByTestId('mfa-submit'));
    // The toast goes after a few seconds: looked for before the dashboard's data arrives.
    await expect(loginPage.toast.filter({ hasText: 'Logged In' })).toContainText(
      `Welcome back, ${sellerAccount.name}`,
    );
    await dashboard.expectLoaded();
    await expect(page).toHaveURL(/\/dashboard\/inventory$/);

    // the session is aal2 now: a reload stays on the dashboard
    await page.reload();
    await dashboard.expectLoaded();
    expect(consoleErrors.filter((e) => !/status of 422/.test(e))).toEqual([]);
  });
});
