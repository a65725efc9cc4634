import { totp } from '../helpers/totp';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { NotificationsPanel } from './pages/notifications-panel';
import { SettingsPage, type SettingsTabId } from './pages/settings-page';
import { enrolTotp, placeSession, signInFromNode, signInWithCodeFromNode } from './seed';

test.describe('settings', () => {
  let settings: SettingsPage;
  test.beforeEach(({ page }, testInfo) => {
    settings = new SettingsPage(page, Boolean(testInfo.project.use.hasTouch));
  });

  // What a new account's Settings show and how the screen behaves, changing nothing on the
  // server: one app load for all of it.
  test('a new account: every default, each tab passes axe and answers the arrow keys, the layout holds, a bad floor size waits', async ({
    page,
    seller: _seller,
  }, testInfo) => {
    // Six tests before (the axe tour alone had 120 s): eight axe runs and three layouts.
    test.setTimeout(180_000);

    await test.step('a new account shows every default', async () => {
      await settings.goto();
      await expect(settings.tab('general')).toHaveAttribute('aria-selected', 'true');
      await expect(settings.field('setting-currency')).toHaveValue('USD');
      await expect(settings.field('setting-date-format')).toHaveValue('US');
      await expect(settings.field('setting-drag-confirm')).toBeChecked();
      await expect(settings.field('setting-floor-size')).toHaveValue('20');
      await expect(settings.field('setting-ebay-country')).toHaveValue('GB');
      await expect(settings.field('setting-ebay-listings-days')).toHaveValue('5');

      await settings.openTab('notifications');
      for (const days of [30, 60, 90])
        await expect(settings.field(`expiry-enabled-${days}`)).toBeChecked();

      await settings.openTab('barcode');
      await expect(settings.field('setting-barcode-batch')).not.toBeChecked();
      await expect(settings.field('setting-barcode-lookup')).toBeChecked();

      await settings.openTab('appearance');
      await expect(settings.field('scheme-default').getByRole('radio')).toBeChecked();
    });

    await test.step('every colour scheme keeps its name and swatches inside its own card', async () => {
      const cards = await page.locator('.scheme-option').evaluateAll((options) =>
        options.map((card) => {
          const box = card.getBoundingClientRect();
          const parts = [...card.querySelectorAll('input, span')].map((part) =>
            part.getBoundingClientRect(),
          );
          return {
            scheme: card.getAttribute('data-testid'),
            box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
            outside: parts.some(
              (r) =>
                r.left < box.left - 0.5 ||
                r.right > box.right + 0.5 ||
                r.top < box.top - 0.5 ||
                r.bottom > box.bottom + 0.5,
            ),
          };
        }),
      );
      expect(cards).toHaveLength(9);
      expect(cards.filter((card) => card.outside).map((card) => card.scheme)).toEqual([]);
      // No card covers its neighbour.
      const overlapping = cards.flatMap((a, i) =>
        cards
          .slice(i + 1)
          .filter(
            (b) =>
              a.box.left < b.box.right &&
              b.box.left < a.box.right &&
              a.box.top < b.box.bottom &&
              b.box.top < a.box.bottom,
          )
          .map((b) => `${a.scheme} / ${b.scheme}`),
      );
      expect(overlapping).toEqual([]);
      // Each swatch is named by its colour in words, not 'B B C B'; the radio by its scheme.
      const defaultCard = page.getByTestId('scheme-default');
      await expect(defaultCard.getByRole('radio', { name: 'Default', exact: true })).toBeVisible();
      const swatchNames = await defaultCard
        .getByRole('img')
        .evaluateAll((swatches) => swatches.map((swatch) => swatch.getAttribute('aria-label')));
      expect(swatchNames).toEqual([
        'Bay: Blue',
        'Box: Amber',
        'Cabinet: Green',
        'Bin: Light purple',
      ]);
    });

    await test.step('every tab passes axe; the subscription tab holds billing’s screen', async () => {
      const tabs: SettingsTabId[] = [
        'general',
        'notifications',
        'barcode',
        'appearance',
        'subscription',
        'security',
        'backups',
      ];
      for (const tab of tabs) {
        await settings.openTab(tab);
        await expect(page).toHaveURL(new RegExp(`tab=${tab}$`));
        await expect(settings.panel).not.toContainText('Loading');
        if (tab === 'subscription')
          await expect(settings.panel.getByTestId('billing-current-plan')).toHaveText('Free');
        const serious = await seriousViolations(page, (axe) =>
          axe.include('[data-testid="settings-page"]'),
        );
        expect(serious, tab).toEqual([]);
      }
    });

    await test.step('the tabs answer the arrow keys', async () => {
      await settings.tab('backups').focus();
      await page.keyboard.press('ArrowRight');
      await expect(settings.tab('general')).toBeFocused();
      await expect(settings.tab('general')).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('End');
      await expect(settings.tab('backups')).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('the notifications panel passes axe and closes with Escape', async () => {
      const bell = new NotificationsPanel(page, Boolean(testInfo.project.use.hasTouch));
      await bell.open();
      await expect(bell.panel.getByTestId('notifications-empty')).toBeVisible();
      expect(
        await seriousViolations(page, (axe) => axe.include('[data-testid="notifications-panel"]')),
      ).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(bell.panel).toHaveCount(0);
      await expect(bell.bell).toBeFocused();
    });

    await test.step('unknown tabs open General', async () => {
      await settings.goto('nonsense' as 'general');
      await expect(settings.tab('general')).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('the tabs stay on one row at 1024 px wide', async () => {
      await page.setViewportSize({ width: 1024, height: 768 });
      const tabTops = await page
        .getByRole('tab')
        .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
      expect(tabTops).toHaveLength(7);
      expect(new Set(tabTops).size).toBe(1);
      // The last tab can be reached: by the arrow keys it comes into view.
      await settings.tab('general').focus();
      await page.keyboard.press('End');
      await expect(settings.tab('backups')).toHaveAttribute('aria-selected', 'true');
      await expect(settings.tab('backups')).toBeInViewport({ ratio: 1 });
    });

    await test.step('a floor size out of range says why beside it, and Save says why it waits', async () => {
      await settings.openTab('general');
      await settings.field('setting-floor-size').fill('500');
      const error = settings.field('setting-floor-size-error');
      await expect(error).toHaveText('Enter a whole number from 5 to 200');
      const errorId = await error.getAttribute('id');
      await expect(settings.field('setting-floor-size')).toHaveAttribute(
        'aria-describedby',
        new RegExp(`(^| )${errorId}$`),
      );
      await expect(settings.field('settings-general-save')).toBeDisabled();
      await expect(settings.field('settings-general-problem')).toHaveText(
        'Correct the floor size to save',
      );
      await settings.field('setting-floor-size').fill('50');
      await expect(error).toHaveCount(0);
      await expect(settings.field('settings-general-problem')).toHaveCount(0);
      await expect(settings.field('settings-general-save')).toBeEnabled();
    });
  });

  test('each setting is saved, and is still in effect after a reload', async ({
    page,
    seller: _seller,
  }) => {
    await settings.goto('general');
    await settings.field('setting-currency').selectOption('GBP');
    await settings.field('setting-date-format').selectOption('UK');
    await settings.press(settings.field('setting-drag-confirm'));
    await settings.field('setting-floor-size').fill('35');
    await settings.field('setting-ebay-country').selectOption('DE');
    await settings.field('setting-ebay-listings-days').fill('14');
    await settings.save('settings-general');
    await expect(settings.toastTitled('Settings Saved')).toBeVisible();

    await settings.openTab('notifications');
    await settings.press(settings.field('expiry-enabled-60'));
    await settings.press(settings.field('expiry-remove-90'));
    await settings.field('expiry-new-days').fill('7');
    await settings.press(settings.field('expiry-add'));
    await settings.save('settings-notifications');

    await settings.openTab('barcode');
    await settings.press(settings.field('setting-barcode-batch'));
    await settings.press(settings.field('setting-barcode-lookup'));
    await settings.save('settings-barcode');

    await settings.openTab('appearance');
    await settings.press(settings.field('scheme-custom'));
    await settings.field('custom-colour-bin').fill('#123456');
    await settings.save('settings-appearance');

    await page.reload();
    await expect(settings.tab('appearance')).toHaveAttribute('aria-selected', 'true');
    await expect(settings.field('scheme-custom').getByRole('radio')).toBeChecked();
    await expect(settings.field('custom-colour-bin')).toHaveValue('#123456');
    await expect(settings.field('preview-bin')).toHaveAttribute('data-colour', '#123456');

    await settings.openTab('barcode');
    await expect(settings.field('setting-barcode-batch')).toBeChecked();
    await expect(settings.field('setting-barcode-lookup')).not.toBeChecked();

    await settings.openTab('notifications');
    await expect(settings.field('expiry-enabled-7')).toBeChecked();
    await expect(settings.field('expiry-enabled-30')).toBeChecked();
    await expect(settings.field('expiry-enabled-60')).not.toBeChecked();
    await expect(settings.field('expiry-setting-90')).toHaveCount(0);

    await settings.openTab('general');
    await expect(settings.field('setting-currency')).toHaveValue('GBP');
    await expect(settings.field('setting-currency-example')).toHaveText('Prices show as £1,234.50');
    await expect(settings.field('setting-date-format')).toHaveValue('UK');
    await expect(settings.field('setting-date-example')).toHaveText(
      '31 December 2026 shows as 31/12/2026',
    );
    await expect(settings.field('setting-drag-confirm')).not.toBeChecked();
    await expect(settings.field('setting-floor-size')).toHaveValue('35');
    await expect(settings.field('setting-ebay-country')).toHaveValue('DE');
    await expect(settings.field('setting-ebay-listings-days')).toHaveValue('14');
  });

  test('a reminder that cannot be added says why beside it, and Save says why it waits', async ({
    page,
    seller: _seller,
  }) => {
    await settings.goto('notifications');

    await test.step('refuses a duplicate or out-of-range reminder before saving', async () => {
      await settings.field('expiry-new-days').fill('30');
      await settings.press(settings.field('expiry-add'));
      await expect(settings.panel.getByRole('alert')).toHaveText(
        'A reminder for 30 days is already set',
      );
      await settings.field('expiry-new-days').fill('400');
      await settings.press(settings.field('expiry-add'));
      await expect(settings.panel.getByRole('alert')).toHaveText('Choose between 0 and 365 days');
      await expect(settings.field('settings-notifications-save')).toBeDisabled();
    });

    await settings.press(settings.field('expiry-enabled-60'));
    await settings.field('expiry-new-days').fill('400');
    const error = settings.field('expiry-new-days-error');
    await expect(error).toHaveText('Choose between 0 and 365 days');
    const errorId = await error.getAttribute('id');
    await expect(settings.field('expiry-new-days')).toHaveAttribute('aria-describedby', errorId!);
    await expect(settings.field('settings-notifications-save')).toBeDisabled();
    await expect(settings.field('settings-notifications-problem')).toHaveText(
      'Correct or clear the new reminder above to save',
    );

    // Cleared, the rest of the tab saves.
    await settings.field('expiry-new-days').fill('');
    await expect(settings.field('settings-notifications-problem')).toHaveCount(0);
    await settings.save('settings-notifications');
    await expect(settings.toastTitled('Settings Saved')).toBeVisible();

    // A valid reminder typed but not added yet goes in with Save.
    await settings.field('expiry-new-days').fill('14');
    await settings.save('settings-notifications');
    await page.reload();
    await expect(settings.field('expiry-enabled-14')).toBeChecked();
    await expect(settings.field('expiry-enabled-60')).not.toBeChecked();
  });

  test("says 'Failed to Load Settings' when they cannot be read and can try again; 'Failed to Save Settings' when the server refuses, keeping the old value", async ({
    page,
    seller: _seller,
  }) => {
    let failRead = true;
    await page.route('**/rest/v1/user_preferences*', (route) => {
      const method = route.request().method();
      if (failRead && method === 'GET')
        return route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: '{"message":"Not allowed"}',
        });
      if (method === 'POST')
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Server is down"}',
        });
      return route.fallback();
    });

    await test.step("'Failed to Load Settings', and Try again", async () => {
      await settings.goto('general');
      await expect(settings.toastTitled('Failed to Load Settings')).toBeVisible();
      await expect(settings.field('settings-load-error')).toBeVisible();
      failRead = false;
      await settings.press(
        settings.field('settings-load-error').getByRole('button', { name: 'Try again' }),
      );
      await expect(settings.field('setting-currency')).toHaveValue('USD');
    });

    await test.step("'Failed to Save Settings', and the old value stays", async () => {
      await settings.field('setting-currency').selectOption('EUR');
      await settings.press(settings.field('settings-general-save'));
      await expect(settings.toastTitled('Failed to Save Settings')).toContainText('Server is down');

      await page.unroute('**/rest/v1/user_preferences*');
      await page.reload();
      await expect(settings.field('setting-currency')).toHaveValue('USD');
    });
  });

  test('security: changes the password, which then signs in', async ({ seller }) => {
    await settings.goto('security');
    await settings.field('new-password').fill('short');
    await settings.field('confirm-password').fill('short');
    await settings.press(settings.field('change-password-submit'));
    await expect(settings.field('password-error')).toHaveText('Use at least 6 characters');

    const newPassword = 'A-brand-new-one-42';
    await settings.field('new-password').fill(newPassword);
    await settings.field('confirm-password').fill(newPassword);
    await settings.press(settings.field('change-password-submit'));
    await expect(settings.toastTitled('Password Updated')).toBeVisible();

    // Auth now refuses the old password and takes the new one (how the sign-in form shows a
    // refusal is auth.spec.ts's).
    await expect(signInFromNode(seller.email, seller.password)).rejects.toThrow(
      'Invalid login credentials',
    );
    await expect(signInFromNode(seller.email, newPassword)).resolves.toMatchObject({
      key: expect.stringMatching(/-auth-token$/),
    });
  });

  test('security: enrols an authenticator app with the QR code or key, and removes it', async ({
    admin,
    seller,
  }) => {
    await settings.goto('security');
    await expect(settings.field('two-factor-status')).toContainText('Off');
    await settings.press(settings.field('totp-enrol'));
    await expect(settings.field('totp-qr')).toBeVisible();
    expect(await settings.field('totp-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await settings.field('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await settings.field('totp-code').fill('000000');
    await settings.press(settings.field('totp-verify'));
    await expect(settings.field('totp-error')).toBeVisible();

    await settings.field('totp-code').fill(totp(secret));
    await settings.press(settings.field('totp-verify'));
    await expect(settings.field('two-factor-status')).toContainText('On');
    const factors = await admin.auth.admin.mfa.listFactors({ userId: seller.id });
    expect(factors.data?.factors.map((f) => f.status)).toEqual(['verified']);

    await settings.press(settings.field('totp-remove'));
    await settings.press(settings.field('totp-remove-dialog-confirm'));
    await expect(settings.field('two-factor-status')).toContainText('Off');
    const after = await admin.auth.admin.mfa.listFactors({ userId: seller.id });
    expect(after.data?.factors).toEqual([]);
  });

  // Since two-factor is enforced at sign-in (the login page's code step, and the database
  // refusing aal1 tokens of such accounts), a password-only session never reaches Settings: the
  // code is asked once, at sign-in, and Settings then changes the password or removes the factor
  // without asking again.
  test('security: after signing in with the password and the code, changing the password or removing two-factor asks for no second code', async ({
    context,
    admin,
    sellerAccount,
  }) => {
    // Two-factor was turned on earlier; this session signed in with the password and the code.
    const secret = await enrolTotp(sellerAccount);
    await placeSession(
      context,
      await signInWithCodeFromNode(sellerAccount.email, sellerAccount.password, secret),
    );
    await settings.goto('security');
    await expect(settings.field('two-factor-status')).toContainText('On');

    const newPassword = 'Second-factor-too-7';
    await settings.field('new-password').fill(newPassword);
    await settings.field('confirm-password').fill(newPassword);
    await expect(settings.field('password-totp-code')).toHaveCount(0);
    await settings.press(settings.field('change-password-submit'));
    await expect(settings.toastTitled('Password Updated')).toBeVisible();
    // The new password, with the code, is the one that signs in now.
    await expect(
      signInWithCodeFromNode(sellerAccount.email, newPassword, secret),
    ).resolves.toMatchObject({ key: expect.stringMatching(/-auth-token$/) });

    await settings.press(settings.field('totp-remove'));
    await expect(settings.field('totp-remove-code')).toHaveCount(0);
    await settings.press(settings.field('totp-remove-dialog-confirm'));
    await expect(settings.field('two-factor-status')).toContainText('Off');
    const after = await admin.auth.admin.mfa.listFactors({ userId: sellerAccount.id });
    expect(after.data?.factors).toEqual([]);
  });
});
