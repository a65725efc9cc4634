import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { EbayPage } from './pages/ebay-page';
import { ImportPage } from './pages/import-page';
import { SettingsPage } from './pages/settings-page';
import { seedShelf } from './seed';

// What cannot be done offline says so plainly (issue 26): the sentence beside the actions, the
// actions disabled while offline, and working again once the connection is back (no reload).
const SAYS = {
  billing: 'Billing needs a connection.',
  ebay: 'eBay needs a connection.',
  import: 'Importing needs a connection.',
  backups: 'Backups need a connection.',
  account: 'Account changes need a connection.',
} as const;

/** A screenshot beside the test's other output, named for the project (desktop or tablet). */
async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: test.info().outputPath(`${test.info().project.name}-${name}.png`),
  });
}

/** Offline: the screen's sentence says what needs the connection, and `action` waits. */
async function expectBlocked(page: Page, need: keyof typeof SAYS, action: Locator): Promise<void> {
  const notice = page.locator(`[data-testid="needs-connection"][data-need="${need}"]`).first();
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(notice).toContainText(SAYS[need]);
  await expect(notice).toContainText("You're offline");
  await expect(action).toBeDisabled();
}

/** Back online: the sentence goes and the action is enabled again, without a reload. */
async function expectFree(page: Page, need: keyof typeof SAYS, action: Locator): Promise<void> {
  const notices = page.locator(`[data-testid="needs-connection"][data-need="${need}"]`);
  for (const notice of await notices.all()) await expect(notice).toBeHidden();
  await expect(page.getByTestId('needs-connection-short')).toHaveCount(0);
  await expect(action).toBeEnabled();
}

test.describe('what needs a connection says so offline', () => {
  test.setTimeout(90_000);
  test.use({ viewport: { width: 1366, height: 768 } });

  // Billing, backups and account changes are tabs of one screen: one visit, a step for each.
  test('settings: billing, backups and account changes wait offline and work once back online', async ({
    page,
    context,
    seller,
    touch,
  }) => {
    expect(seller.id).toBeTruthy();
    const settings = new SettingsPage(page, touch);
    await settings.goto('subscription');

    await test.step('billing: plans wait offline and can be chosen again once back online', async () => {
      const choose = page.getByTestId('choose-plan-growing');
      await expect(choose).toBeEnabled();

      await context.setOffline(true);
      await expectBlocked(page, 'billing', choose);
      await snap(page, 'billing-offline');

      await context.setOffline(false);
      await expectFree(page, 'billing', choose);
    });

    await test.step('backups: backing up waits offline and works once back online', async () => {
      await settings.openTab('backups');
      const backUp = page.getByTestId('backup-now');
      await expect(backUp).toBeEnabled();

      await context.setOffline(true);
      await expectBlocked(page, 'backups', backUp);
      await snap(page, 'backups-offline');

      await context.setOffline(false);
      await expectFree(page, 'backups', backUp);
      await settings.press(backUp);
      await expect(page.getByTestId('backup-row')).toHaveCount(1);
      await expect(page.getByTestId('backup-download')).toBeEnabled();
    });

    await test.step('account: a password typed offline is kept, and can be sent once back online', async () => {
      await settings.openTab('security');
      const submit = page.getByTestId('change-password-submit');
      const enrol = page.getByTestId('totp-enrol');
      await expect(enrol).toBeEnabled();

      await context.setOffline(true);
      await page.getByTestId('new-password').fill('Another-Shelf-2026!');
      await page.getByTestId('confirm-password').fill('Another-Shelf-2026!');
      await expectBlocked(page, 'account', submit);
      await expect(enrol).toBeDisabled();
      // The reason is said beside the buttons too, not only at the top.
      await expect(
        page.getByTestId('change-password').getByTestId('needs-connection-short'),
      ).toHaveText('Needs a connection');
      await snap(page, 'account-offline');

      await context.setOffline(false);
      await expectFree(page, 'account', submit);
      await expect(enrol).toBeEnabled();
      await expect(page.getByTestId('new-password')).toHaveValue('Another-Shelf-2026!');
      await expect(page.getByTestId('confirm-password')).toHaveValue('Another-Shelf-2026!');
    });
  });

  test('eBay: connecting waits offline and works again once back online', async ({
    page,
    context,
    seller,
    touch,
  }) => {
    expect(seller.id).toBeTruthy();
    const ebay = new EbayPage(page, touch);
    await ebay.gotoIntegrations();
    await expect(ebay.connectButton).toBeEnabled();

    await context.setOffline(true);
    await expectBlocked(page, 'ebay', ebay.connectButton);
    await snap(page, 'ebay-offline');

    await context.setOffline(false);
    await expectFree(page, 'ebay', ebay.connectButton);
  });

  test('import: choosing and checking a file waits offline, then works once back online', async ({
    page,
    context,
    seller,
    touch,
  }) => {
    await seedShelf(seller.accountId, []);
    const importPage = new ImportPage(page, touch);
    await importPage.goto();
    const input = page.getByTestId('import-file-input');
    await expect(input).toBeEnabled();

    await context.setOffline(true);
    await expectBlocked(page, 'import', input);
    await snap(page, 'import-offline');

    await context.setOffline(false);
    await expectFree(page, 'import', input);
    // Checking the file reads the stockroom from the server: it works again.
    await importPage.choose(
      'one.csv',
      'Item Name,Quantity,Room,Isle,Unit,Shelf,Barcode,SKU,Price Paid,Expiry Date\nBlue mug,2,Garage,1,A,1,,,,\n',
    );
    const commit = page.getByTestId('import-commit');
    await expect(commit).toBeEnabled();

    // A preview on screen stays offline; only its commit waits, with the reason beside it.
    await context.setOffline(true);
    await expect(page.getByTestId('import-preview')).toBeVisible();
    await expectBlocked(page, 'import', commit);
    await expect(page.getByTestId('needs-connection-short')).toHaveText('Needs a connection');
    await context.setOffline(false);
    await expectFree(page, 'import', commit);
  });
});
