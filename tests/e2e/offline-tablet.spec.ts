import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, test } from './fixtures';
import { BarcodesPage } from './pages/barcodes-page';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { MovePage } from './pages/move-page';
import { seedStorage, setSellerPlan } from './seed-storage';

// Issue #26's must-show: the tablet in a stockroom with patchy Wi-Fi. Loaded once online, it is
// reloaded offline, ten changes of different kinds wait on the device (surviving another reload),
// and back online they all reach the database and the desktop; a change the database now refuses
// (the item was deleted on the desktop meanwhile) is put to the seller, not lost.
test.use({ serviceWorkers: 'allow' });

const SHELF_1 = { room: 'Garage', isle: 1, unit: 'A', shelf: 1 };

async function itemsOf(admin: SupabaseClient, userId: string) {
  const { data, error } = await admin
    .from('storage_items')
    .select('item_name, quantity, barcode, shelf_id')
    .eq('user_id', userId)
    .order('item_name');
  if (error) throw error;
  return data;
}

test.describe('offline on the tablet', () => {
  test.setTimeout(240_000);

  test('ten changes made offline wait on the device, survive a reload and catch up', async ({
    page,
    browser,
    admin,
    sellerAccount,
    loginPage,
    dashboard,
  }, testInfo) => {
    test.skip(!testInfo.project.use.hasTouch, 'the tablet profile with touch');
    const seeded = await seedStorage(admin, sellerAccount.id, [
      { item_name: 'Hammer' },
      { item_name: 'Lantern', quantity: 2 },
      { item_name: 'Saw' },
      { item_name: 'Mug' },
      { item_name: 'Teapot' },
    ]);
    const [, , , mugId, teapotId] = seeded.itemIds;
    await admin.from('storage_items').update({ barcode: 'TEA-1' }).eq('item_id', teapotId!);
    const second = await admin
      .from('storage_shelves')
      .insert({ user_id: sellerAccount.id, unit_id: seeded.unitId, shelf_index: 2 })
      .select('shelf_id')
      .single();
    if (second.error) throw second.error;
    const shelf2 = second.data.shelf_id as string;
    await setSellerPlan(admin, sellerAccount.id, 'elite');

    const move = new MovePage(page, true);
    const barcodes = new BarcodesPage(page, true);
    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    // Loaded once online: the service worker takes the app's code, the device the stockroom.
    await barcodes.gotoScan();
    await move.goto();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    const waiting = page.getByTestId('changes-waiting');
    await page.context().setOffline(true);
    await page.reload();
    await expect(move.ready).toBeVisible();

    // 1: a touch drag of Hammer to Shelf 2.
    await move.drag(move.gripOf('Hammer'), move.dropTarget(shelf2));
    await move.answer('Confirm');
    await expect(move.shelfById(shelf2).getByTestId('item-name')).toHaveText(['Hammer']);
    // A queued move is not in the database yet: its toast offers no Undo.
    await expect(page.getByTestId('toast').filter({ hasText: 'Hammer' })).toBeVisible();
    await expect(page.getByTestId('toast-undo')).toHaveCount(0);
    // 2-4: Lantern +, +, −.
    const lantern = move.item('Lantern');
    await move.press(lantern.getByTestId('item-increase'));
    await move.press(lantern.getByTestId('item-increase'));
    await move.press(lantern.getByTestId('item-decrease'));
    await expect(lantern).toContainText('3');
    // 5: an edit.
    await move.press(move.item('Saw').getByTestId('item-edit'));
    await page.getByTestId('item-item_name').fill('Bow saw');
    await move.press(page.getByTestId('item-dialog-submit'));
    await expect(move.item('Bow saw')).toBeVisible();
    // 6: an add.
    await move.press(move.shelf(1, 'A', 1).getByTestId('add-item'));
    await page.getByTestId('item-item_name').fill('Brass lantern');
    await page.getByTestId('item-quantity').fill('4');
    await move.press(page.getByTestId('item-dialog-submit'));
    await expect(move.item('Brass lantern')).toBeVisible();
    // 7: Mug is deleted on the desktop meanwhile; the tablet raises its quantity.
    await admin.from('storage_items').delete().eq('item_id', mugId!);
    await move.press(move.item('Mug').getByTestId('item-increase'));
    await expect(waiting).toHaveText('7 changes waiting');

    // 8-9: Bulk Scan, opened offline, two scans onto Shelf 1.
    await dashboard.press(page.getByTestId('nav-scan'));
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk Scan' })).toBeVisible();
    await barcodes.chooseShelf('scan-shelf', SHELF_1);
    await barcodes.scan('NEW-1');
    await expect(barcodes.entry('NEW-1')).toHaveAttribute('data-status', 'added');
    await barcodes.scan('NEW-2');
    await expect(barcodes.entry('NEW-2')).toHaveAttribute('data-status', 'added');
    // 10: put-away of Teapot onto Shelf 2.
    await barcodes.press(barcodes.byTestId('mode-putaway'));
    await barcodes.scan(`SR-SHELF-${shelf2.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    await barcodes.scan('TEA-1');
    await expect(barcodes.entry('TEA-1')).toHaveAttribute('data-status', 'moved');
    await expect(waiting).toHaveText('10 changes waiting');
    const box = await waiting.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    // Reload while still offline: the queue and the screen survive. The device copy of the
    // screen is written within 400 ms of a change (data/offline/device-cache.ts): let it land.
    await page.waitForTimeout(1_000);
    await page.reload();
    await expect(waiting).toHaveText('10 changes waiting');
    await move.goto();
    await expect(move.item('Bow saw')).toBeVisible();
    await expect(move.item('Brass lantern')).toBeVisible();
    await expect(move.shelfById(shelf2).getByTestId('item-name')).toHaveText(['Teapot', 'Hammer']);
    await move.press(waiting);
    const list = page.getByTestId('change-waiting');
    await expect(list).toHaveCount(10);
    await expect(list.first()).toContainText('Move Hammer to Garage › Isle 1 › A › Shelf 2');
    await page.screenshot({ path: testInfo.outputPath('tablet-changes-waiting.png') });
    await move.press(
      page.getByTestId('changes-waiting-dialog').getByRole('button', { name: 'Close' }),
    );

    // Back online: sent in order; the refused one waits for the seller's decision.
    await page.context().setOffline(false);
    await expect(waiting).toBeHidden({ timeout: 30_000 });
    const decide = page.getByTestId('changes-to-decide');
    await expect(decide).toHaveText('1 change needs your decision');
    await move.press(decide);
    const decision = page.getByTestId('change-to-decide');
    await expect(decision).toHaveCount(1);
    await expect(decision.getByTestId('change-to-decide-what')).toHaveText(
      'Change Mug quantity from 1 to 2',
    );
    await expect(decision.getByTestId('change-to-decide-reason')).not.toBeEmpty();
    await page.screenshot({ path: testInfo.outputPath('tablet-decision.png') });

    const expected = [
      { item_name: 'Bow saw', quantity: 1, barcode: null, shelf_id: seeded.shelfId },
      { item_name: 'Brass lantern', quantity: 4, barcode: null, shelf_id: seeded.shelfId },
      { item_name: 'Hammer', quantity: 1, barcode: null, shelf_id: shelf2 },
      { item_name: 'Lantern', quantity: 3, barcode: null, shelf_id: seeded.shelfId },
      { item_name: 'Scanned item NEW-1', quantity: 1, barcode: 'NEW-1', shelf_id: seeded.shelfId },
      { item_name: 'Scanned item NEW-2', quantity: 1, barcode: 'NEW-2', shelf_id: seeded.shelfId },
      { item_name: 'Teapot', quantity: 1, barcode: 'TEA-1', shelf_id: shelf2 },
    ];
    expect(await itemsOf(admin, sellerAccount.id)).toEqual(expected);

    // The seller discards it; nothing is left waiting.
    await move.press(decision.getByTestId('change-discard'));
    await expect(decide).toBeHidden();

    // The desktop, same seller, sees every change.
    const desktop = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const desktopPage = await desktop.newPage();
    const desktopLogin = new LoginPage(desktopPage, false);
    await desktopLogin.goto();
    await desktopLogin.signIn(sellerAccount.email, sellerAccount.password);
    await new DashboardPage(desktopPage, false).expectLoaded();
    const onDesktop = new MovePage(desktopPage, false);
    await onDesktop.goto();
    for (const row of expected) await expect(onDesktop.item(row.item_name)).toBeVisible();
    await expect(onDesktop.item('Mug')).toHaveCount(0);
    await desktop.close();
  });
});
