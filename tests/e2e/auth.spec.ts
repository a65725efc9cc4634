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
