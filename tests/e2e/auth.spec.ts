import { expect, PASSWORD, test, uniqueEmail } from './fixtures';
import { verifyLinkIn, waitForMail } from './mailbox';
import { SignupPage } from './pages/signup-page';

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

  await loginPage.signIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/inventory$/);
  await expect(loginPage.toast.filter({ hasText: 'Logged In' })).toContainText(
    `Welcome back, ${name}`,
  );
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
