import { expect, signInContext, test } from './fixtures';
import { InventoryPage } from './pages/inventory-page';
import { createSeller, joinAccount, removeMember, seedShelf, setPlan } from './seed';

/**
 * What the account's members' open screens learn from live sync without a reload (issue #38):
 * a member removed is in their own stockroom at once, told once, with no copy of the account
 * left on their device; a plan change shows on every
 * member's screen.
 */
test.describe("the account, live on its members' screens", () => {
  test('a member removed while their screen is open lands in their own stockroom, told once', async ({
    page,
    context,
    sellerAccount: owner,
  }) => {
    await setPlan(owner.accountId, 'power');
    await seedShelf(owner.accountId, [{ name: 'Teapot' }]);
    const picker = await createSeller({ tag: 'removed' });
    await joinAccount(owner, picker, 'picker');
    await signInContext(context, picker);

    const inventory = new InventoryPage(page, false);
    await page.goto('/dashboard/inventory');
    await expect(inventory.item('Teapot')).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveText(owner.email);
    await expect(page.getByTestId('live-sync')).toHaveAttribute('data-state', 'live');
    const deviceCopies = () =>
      page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));
    const ownersCopy = (names: string[]) => names.some((name) => name.includes(owner.accountId));
    await expect.poll(async () => ownersCopy(await deviceCopies())).toBe(true);

    await removeMember(owner, picker);

    // Within 2 s, with nothing touched: their own empty stockroom, and one message saying why.
    await expect(page.getByTestId('no-rooms')).toBeVisible({ timeout: 2_000 });
    await expect(page.getByTestId('account-name')).toHaveCount(0);
    await expect(inventory.item('Teapot')).toHaveCount(0);
    const shown = page.locator('[data-testid="toast"][data-visible="true"]');
    await expect(
      shown.filter({ hasText: 'You are no longer a member of this account.' }),
    ).toBeVisible();
    expect(await shown.count()).toBe(1);
    // Nothing of the owner's stockroom stays on the removed member's device.
    await expect.poll(async () => ownersCopy(await deviceCopies())).toBe(false);
  });

  test('a plan change shows in the header of the owner and of a member without a reload', async ({
    page,
    browser,
    seller: owner,
  }) => {
    await setPlan(owner.accountId, 'power');
    const picker = await createSeller({ tag: 'plan-member' });
    await joinAccount(owner, picker, 'picker');
    const memberContext = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    try {
      await signInContext(memberContext, picker);
      const memberPage = await memberContext.newPage();
      const screens = [page, memberPage];
      for (const screen of screens) {
        await screen.goto('/dashboard/inventory');
        await expect(screen.getByTestId('current-plan')).toHaveText('Power Seller plan');
        await expect(screen.getByTestId('live-sync')).toHaveAttribute('data-state', 'live');
      }

      // As the Stripe webhook records it: the subscription row, whose trigger moves the plan.
      await setPlan(owner.accountId, 'elite');

      for (const screen of screens)
        await expect(screen.getByTestId('current-plan')).toHaveText('Elite Seller plan', {
          timeout: 1_500,
        });
      // The limits follow the plan too.
      await expect(page.getByTestId('usage-rooms')).toContainText('of 10 rooms');
    } finally {
      await memberContext.close();
    }
  });
});
