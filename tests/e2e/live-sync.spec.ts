import type { Browser, BrowserContext } from '@playwright/test';
import { SANDBOX_ORDERS } from '../../local/sandboxes/ebay-catalogue';
import { expect as baseExpect, signInContext, test, type SellerAccount } from './fixtures';
import { EbayPage } from './pages/ebay-page';
import { InventoryPage, restResponse } from './pages/inventory-page';
import { idsOf, MovePage } from './pages/move-page';
import { seedStorage, setDragConfirm, setPlan, type SeedRoom } from './seed';

// Two browsers and the stack share two busy cores: allow each step more than the default.
const expect = baseExpect.configure({ timeout: 20_000 });

// Garage: isle 1, unit A with shelf 1 (a Hammer) and shelf 2 (empty).
const LAYOUT: SeedRoom[] = [
  { name: 'Garage', isles: [{ index: 1, units: [{ shelves: [[{ name: 'Hammer' }], []] }] }] },
];

/** One screen of the seller: its own browser context (own storage, own socket), signed in. */
async function openScreen<P extends InventoryPage>(
  browser: Browser,
  account: SellerAccount,
  touch: boolean,
  make: (page: import('@playwright/test').Page, touch: boolean) => P,
): Promise<{ context: BrowserContext; screen: P }> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: touch ? { width: 1024, height: 768 } : { width: 1366, height: 768 },
    hasTouch: touch,
  });
  await signInContext(context, account);
  const page = await context.newPage();
  const screen = make(page, touch);
  await page.goto('/dashboard/inventory');
  await expect(screen.ready).toBeVisible();
  await expect(page.getByTestId('live-sync')).toHaveAttribute('data-state', 'live');
  return { context, screen };
}

test.describe('Live sync between a tablet and a desktop of one seller', () => {
  // The tests drive both screens themselves (a touch tablet and a desktop): desktop project only.
  test.setTimeout(180_000);

  test('what one screen changes shows on the other without a reload, and after being offline', async ({
    browser,
    admin,
    sellerAccount,
  }) => {
    await setPlan(sellerAccount.accountId, 'growing');
    const ids = idsOf(LAYOUT, await seedStorage(sellerAccount.accountId, LAYOUT));
    await setDragConfirm(sellerAccount.accountId, false);
    const shelf1 = ids.shelves['Garage/1/A/1']!;
    const shelf2 = ids.shelves['Garage/1/A/2']!;

    const tablet = await openScreen(browser, sellerAccount, true, (p, t) => new MovePage(p, t));
    const desktop = await openScreen(
      browser,
      sellerAccount,
      false,
      (p, t) => new InventoryPage(p, t),
    );
    const t = tablet.screen;
    const d = desktop.screen;

    // Added on the tablet: on the desktop's shelf 1.
    await t.addItem(t.shelf(1, 'A', 1), { name: 'Blue kettle', quantity: 2 });
    await expect(d.shelf(1, 'A', 1).getByTestId('item-name')).toContainText(['Blue kettle']);

    // Re-quantified on the desktop: the tablet's count follows.
    await d.press(d.item('Blue kettle').getByTestId('item-increase'));
    await expect(t.item('Blue kettle').getByTestId('item-count')).toHaveText('3');

    // Edited on the tablet: the desktop shows the new name.
    await t.press(t.item('Blue kettle').getByTestId('item-edit'));
    await t.page.getByTestId('item-item_name').fill('Red kettle');
    await t.press(t.page.getByTestId('item-dialog-submit'));
    await expect(d.item('Red kettle')).toBeVisible();
    await expect(d.item('Blue kettle')).toHaveCount(0);

    // Dragged on the tablet (touch) to shelf 2: the desktop shows it there.
    const hammer = ids.items['Hammer']!.item_id;
    const moved = restResponse(t.page, 'rpc/move_items');
    await t.drag(t.grip(hammer), t.dropTarget(shelf2));
    expect((await moved).status()).toBe(200);
    await expect(d.shelf(1, 'A', 2).getByTestId('item-name')).toHaveText(['Hammer']);
    await expect(d.shelf(1, 'A', 1).getByTestId('item-name')).toHaveText(['Red kettle']);

    // Deleted on the desktop: gone from the tablet.
    await d.chooseAction(d.item('Red kettle'), 'item-delete');
    await d.confirm('rpc/remove_items');
    await expect(t.item('Red kettle')).toHaveCount(0);

    // The room renamed on the desktop: the tablet's tab reads the new name.
    await d.press(d.page.getByTestId('rename-room'));
    await d.page.getByTestId('room-name-dialog-input').fill('Big garage');
    await d.press(d.page.getByTestId('room-name-dialog-submit'));
    await expect(t.roomTab('Big garage')).toBeVisible();

    // The desktop goes offline: live updates stop, the offline notice says so (the live-updates
    // note steps aside for it), and changes made meanwhile do not arrive.
    await desktop.context.setOffline(true);
    await expect(d.page.getByTestId('live-sync')).toHaveAttribute('data-state', 'off');
    await expect(d.page.getByTestId('offline-notice')).toBeVisible();
    await expect(d.page.getByTestId('live-sync')).toBeHidden();
    await d.page.screenshot({ path: test.info().outputPath('desktop-live-updates-off.png') });
    await t.addItem(t.shelf(1, 'A', 1), { name: 'Lantern' });
    await admin
      .from('storage_rooms')
      .update({ room_name: 'Workshop' })
      .eq('account_id', sellerAccount.accountId);
    await t.drag(t.grip(hammer), t.dropTarget(shelf1));
    await expect(t.roomTab('Workshop')).toBeVisible();
    await expect(d.item('Lantern')).toHaveCount(0);

    // Back online: it joins again, reads what it missed, and the notes go away.
    await desktop.context.setOffline(false);
    await expect(d.page.getByTestId('offline-notice')).toBeHidden();
    await expect(d.page.getByTestId('live-sync')).toHaveAttribute('data-state', 'live');
    await expect(d.page.getByTestId('live-sync')).toBeHidden();
    await expect(d.shelf(1, 'A', 1).getByTestId('item-name')).toContainText(['Lantern', 'Hammer']);
    await expect(d.roomTab('Workshop')).toBeVisible();

    // Live again: the next change arrives as before.
    await t.press(t.item('Lantern').getByTestId('item-increase'));
    await expect(d.item('Lantern').getByTestId('item-count')).toHaveText('2');

    await tablet.context.close();
    await desktop.context.close();
  });

  test("the desktop's pick list follows a move made on the tablet", async ({
    browser,
    sellerAccount,
  }) => {
    await setPlan(sellerAccount.accountId, 'elite');
    // An open order's line, on shelf 1; shelf 2 is empty.
    const line = SANDBOX_ORDERS.filter((o) => o.status !== 'FULFILLED')
      .flatMap((o) => o.lineItems)
      .find((l) => l.sku)!;
    const layout: SeedRoom[] = [
      {
        name: 'Garage',
        isles: [
          { index: 1, units: [{ shelves: [[{ name: 'Ordered thing', sku: line.sku }], []] }] },
        ],
      },
    ];
    const ids = idsOf(layout, await seedStorage(sellerAccount.accountId, layout));
    await setDragConfirm(sellerAccount.accountId, false);

    const tablet = await openScreen(browser, sellerAccount, true, (p, t) => new MovePage(p, t));
    const desktop = await openScreen(
      browser,
      sellerAccount,
      false,
      (p, t) => new InventoryPage(p, t),
    );
    const ebay = new EbayPage(desktop.screen.page, false);
    await ebay.connect();
    await desktop.screen.page.goto('/dashboard/ebay-orders');
    const pickLine = desktop.screen.page
      .getByTestId('pick-list-line')
      .filter({ hasText: line.sku });
    await expect(pickLine.first().getByTestId('pick-list-location')).toHaveText(
      'Garage › Isle 1 › A › Shelf 1',
    );
    await expect(desktop.screen.page.getByTestId('live-sync')).toHaveAttribute(
      'data-state',
      'live',
    );

    // The packer's pick list points at the new shelf as soon as the tablet drops the item there.
    const t = tablet.screen;
    const moved = restResponse(t.page, 'rpc/move_items');
    await t.drag(
      t.grip(ids.items['Ordered thing']!.item_id),
      t.dropTarget(ids.shelves['Garage/1/A/2']!),
    );
    expect((await moved).status()).toBe(200);
    await expect(pickLine.first().getByTestId('pick-list-location')).toHaveText(
      'Garage › Isle 1 › A › Shelf 2',
    );

    await tablet.context.close();
    await desktop.context.close();
  });

  test('a short drop of the connection: live again within seconds, changes keep coming', async ({
    browser,
    admin,
    sellerAccount,
  }) => {
    await setPlan(sellerAccount.accountId, 'growing');
    const ids = idsOf(LAYOUT, await seedStorage(sellerAccount.accountId, LAYOUT));
    const desktop = await openScreen(
      browser,
      sellerAccount,
      false,
      (p, t) => new InventoryPage(p, t),
    );
    const d = desktop.screen;
    const live = d.page.getByTestId('live-sync');

    // Wi-Fi between the shelves: gone and back twice, each time before the old socket has closed.
    for (const quantity of [7, 8]) {
      await desktop.context.setOffline(true);
      await expect(live).toHaveAttribute('data-state', 'off');
      await desktop.context.setOffline(false);
      await expect(live).toHaveAttribute('data-state', 'live', { timeout: 8_000 });
      // Another device's change arrives, so the screen is not only saying it is live.
      const { error } = await admin
        .from('storage_items')
        .update({ quantity })
        .eq('item_id', ids.items['Hammer']!.item_id);
      expect(error).toBeNull();
      await expect(d.item('Hammer').getByTestId('item-count')).toHaveText(String(quantity), {
        timeout: 8_000,
      });
    }
    await expect(live).toHaveAttribute('data-state', 'live');

    await desktop.context.close();
  });

  test('a second tab of the same browser stays in step', async ({ browser, sellerAccount }) => {
    await setPlan(sellerAccount.accountId, 'growing');
    await seedStorage(sellerAccount.accountId, LAYOUT);
    const first = await openScreen(
      browser,
      sellerAccount,
      false,
      (p, t) => new InventoryPage(p, t),
    );
    // The second tab shares the first one's storage and session, as a seller's own browser does.
    const secondPage = await first.context.newPage();
    const second = new InventoryPage(secondPage, false);
    await secondPage.goto('/dashboard/inventory');
    await expect(second.ready).toBeVisible();
    await expect(secondPage.getByTestId('live-sync')).toHaveAttribute('data-state', 'live');

    await first.screen.addItem(first.screen.shelf(1, 'A', 2), {
      name: 'Tape measure',
      quantity: 4,
    });
    await expect(second.item('Tape measure').getByTestId('item-count')).toHaveText('4');
    await second.press(second.item('Tape measure').getByTestId('item-increase'));
    await expect(first.screen.item('Tape measure').getByTestId('item-count')).toHaveText('5');
    await second.chooseAction(second.item('Hammer'), 'item-delete');
    await second.confirm('rpc/remove_items');
    await expect(first.screen.item('Hammer')).toHaveCount(0);

    await first.context.close();
  });
});
