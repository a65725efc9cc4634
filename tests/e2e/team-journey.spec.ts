import type { Browser, Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { SANDBOX_ORDERS } from '../../local/sandboxes/ebay-catalogue';
import { expect as baseExpect, PASSWORD, signInContext, test, uniqueEmail } from './fixtures';
import { e2eEnv } from './env';
import { verifyLinkIn, waitForMail } from './mailbox';
import { EbayPage } from './pages/ebay-page';
import { LogsPage } from './pages/logs-page';
import { MovePage } from './pages/move-page';
import { createSeller, joinAccount, seedShelf, seedStorage, setDragConfirm, setPlan } from './seed';

// Two browsers and the stack share two busy cores: allow each step more than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

const ORDER = SANDBOX_ORDERS.find((o) => o.status !== 'FULFILLED')!;
const LINE = ORDER.lineItems[0]!;

async function itemRow(admin: SupabaseClient, accountId: string, name: string) {
  const { data, error } = await admin
    .from('storage_items')
    .select('quantity, shelf_id')
    .eq('account_id', accountId)
    .eq('item_name', name)
    .single();
  if (error) throw new Error(error.message);
  return data as { quantity: number; shelf_id: string };
}

/** The picker's tablet: a touch context of its own, at the stockroom's tablet size. */
async function tablet(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
  });
  return context.newPage();
}

test.describe('Team: an owner and a picker share one stockroom', () => {
  test.setTimeout(240_000);

  test('the owner invites a picker, who joins from the mail and works on a tablet until removed', async ({
    page,
    browser,
    admin,
    seller: owner,
    dashboard,
  }) => {
    // The journey drives a desktop owner and a touch tablet picker itself, so it runs once, on
    // the desktop project.
    await setPlan(owner.accountId, 'elite');
    const [garage] = await seedStorage(owner.accountId, [
      {
        name: 'Garage',
        isles: [
          {
            index: 1,
            units: [
              {
                name: 'A',
                shelves: [
                  [{ name: 'Hammer' }, { name: 'Blue mug', sku: LINE.sku, quantity: 5 }],
                  [],
                ],
              },
            ],
          },
        ],
      },
    ]);
    await setDragConfirm(owner.accountId, false);
    const shelf2 = garage!.isles[0]!.units[0]!.shelves[1]!.id;

    // The owner, signed in on the desktop, connects eBay and invites a picker from the Team screen.
    await new EbayPage(page, false).connect();
    const pickerEmail = uniqueEmail('picker');
    await dashboard.open('Team');
    await page.getByLabel('E-mail address').fill(pickerEmail);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Picker' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: `Invitation sent to ${pickerEmail}` }),
    ).toBeVisible();
    await expect(
      page.getByTestId('team-invitation').filter({ hasText: pickerEmail }),
    ).toBeVisible();

    // The owner keeps the inventory open, live.
    const ownerScreen = new MovePage(page, false);
    await dashboard.open('Inventory');
    await expect(ownerScreen.ready).toBeVisible();
    await expect(page.getByTestId('live-sync')).toHaveAttribute('data-state', 'live');

    // The picker opens the mail on the tablet, chooses a name and a password, and joins.
    const mail = await waitForMail(pickerEmail);
    const pickerPage = await tablet(browser);
    let pickerId: string | undefined;
    try {
      await pickerPage.goto(verifyLinkIn(mail));
      await expect(pickerPage).toHaveURL(/\/accept-invite/);
      await expect(pickerPage.getByText(/Join /).first()).toBeVisible();
      await pickerPage.getByLabel('Your name').fill('Pat Picker');
      await pickerPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await pickerPage.getByRole('button', { name: 'Set password and join' }).tap();
      await expect(pickerPage).toHaveURL(/\/dashboard\/inventory$/);
      const members = await admin
        .from('account_members')
        .select('user_id, role')
        .eq('account_id', owner.accountId)
        .eq('role', 'picker');
      pickerId = (members.data as Array<{ user_id: string }>)[0]?.user_id;
      expect(pickerId).toBeTruthy();

      // The picker works in the owner's stockroom, whose name the header shows.
      const picker = new MovePage(pickerPage, true);
      await expect(picker.ready).toBeVisible();
      await expect(pickerPage.getByTestId('account-name')).toBeVisible();
      await expect(picker.item('Hammer')).toBeVisible();
      await expect(pickerPage.getByTestId('live-sync')).toHaveAttribute('data-state', 'live');

      // A move by touch: in the database, and on the owner's desktop without a reload.
      await picker.drag(picker.gripOf('Hammer'), picker.dropTarget(shelf2));
      await expect
        .poll(async () => (await itemRow(admin, owner.accountId, 'Hammer')).shelf_id)
        .toBe(shelf2);
      await expect(ownerScreen.shelfById(shelf2).getByTestId('item-name')).toHaveText(['Hammer']);

      // No way to delete a unit on the picker's screen; the database refuses it anyway.
      const unit = picker.unit(1, 'A');
      await expect(unit).toBeVisible();
      await expect(pickerPage.getByTestId('remove-unit')).toHaveCount(0);
      if (await unit.getByTestId('unit-menu').isVisible()) {
        await picker.press(unit.getByTestId('unit-menu'));
        await expect(pickerPage.getByTestId('remove-unit')).toHaveCount(0);
        await pickerPage.keyboard.press('Escape');
      }

      // Billing is the owner's: typed in, its address says so, and Settings has no plan tab.
      await pickerPage.goto('/dashboard/billing');
      await expect(pickerPage.getByText('Only the account owner can see billing.')).toBeVisible();
      await pickerPage.goto('/dashboard/settings');
      await expect(pickerPage.getByRole('tab', { name: /Subscription/ })).toHaveCount(0);

      // The picker works the pick list: the line is taken off the shelf.
      await pickerPage.goto('/dashboard/ebay-orders');
      const line = pickerPage
        .locator(`[data-order-id="${ORDER.orderId}"]`)
        .locator(`[data-testid="ebay-order-line"][data-line-id="${LINE.lineItemId}"]`);
      await picker.press(line.getByTestId('order-line-pick'));
      await expect(line).toHaveAttribute('data-picked', 'true');
      await expect
        .poll(async () => (await itemRow(admin, owner.accountId, 'Blue mug')).quantity)
        .toBe(5 - LINE.quantity);

      // The owner sees who did it in the activity log.
      const logs = new LogsPage(page, false);
      await logs.goto();
      const moved = logs.rows.filter({ hasText: 'Hammer' }).first();
      await expect(moved).toContainText(pickerEmail);

      // The owner removes the picker; the picker's next action is refused.
      await dashboard.open('Team');
      const row = page.getByTestId('team-member').filter({ hasText: pickerEmail });
      await row.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('alertdialog', { name: `Remove ${pickerEmail}?` });
      await dialog.getByRole('button', { name: 'Remove member' }).click();
      await expect(row).toHaveCount(0);

      await pickerPage.goto('/dashboard/inventory');
      // Back on their own (empty) stockroom: the owner's items are out of reach.
      await expect(picker.ready).toBeVisible();
      await expect(picker.item('Hammer')).toHaveCount(0);
      await expect(pickerPage.getByTestId('account-name')).toHaveCount(0);
      const before = await itemRow(admin, owner.accountId, 'Hammer');
      expect(before.shelf_id).toBe(shelf2);
    } finally {
      await pickerPage.context().close();
    }
  });

  test(
    'a removed picker whose screen is still open, with live updates off, is refused at their next change and told once',
    // The picker is on the tablet.
    { tag: '@touch-only' },
    async ({ page, context, admin, sellerAccount: owner, touch }) => {
      await setPlan(owner.accountId, 'power');
      await seedShelf(owner.accountId, [{ name: 'Teapot' }]);
      const picker = await createSeller({ tag: 'picker' });
      await joinAccount(owner, picker, 'picker');
      await signInContext(context, picker);
      // No live updates (the socket never answers), so the removal is learnt from the refusal.
      await page.routeWebSocket(/\/realtime\/v1\/websocket/, () => {});

      const pickerScreen = new MovePage(page, touch);
      await page.goto('/dashboard/inventory');
      await expect(page.getByTestId('dashboard')).toBeVisible();
      await expect(pickerScreen.ready).toBeVisible();
      const teapot = pickerScreen.item('Teapot');
      await expect(teapot).toBeVisible();

      // The owner removes them while their screen stays open.
      const ownerClient = await signedInClient(owner.email, owner.password);
      const removed = await ownerClient.rpc('remove_member', { p_user_id: picker.id });
      expect(removed.error).toBeNull();

      await pickerScreen.press(teapot.getByTestId('item-increase'));
      // One message, not the refusal's as well (counted the moment it shows), and their own
      // (empty) stockroom.
      const shown = page.locator('[data-testid="toast"][data-visible="true"]');
      await expect(
        shown.filter({ hasText: 'You are no longer a member of this account.' }),
      ).toBeVisible();
      expect(await shown.count()).toBe(1);
      await expect(page.getByTestId('no-rooms')).toBeVisible();
      expect((await itemRow(admin, owner.accountId, 'Teapot')).quantity).toBe(1);
    },
  );
});

async function signedInClient(email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(e2eEnv.apiUrl, e2eEnv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js builds a realtime client eagerly.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}
