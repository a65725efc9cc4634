import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { cameraJpeg, loadedWidth } from './camera';
import { deviceItemRows } from './device-copy';
import { expect, signInContext, test } from './fixtures';
import { BarcodesPage } from './pages/barcodes-page';
import { MovePage } from './pages/move-page';
import { deviceDbOf, seedStorage, setPlan, type SellerAccount } from './seed';

// Issue #26's must-show: the tablet in a stockroom with patchy Wi-Fi. Loaded once online, it is
// reloaded offline, eleven changes of different kinds wait on the device (surviving another
// reload; a photo of an item added offline among them, issue #40), and back online they all reach
// the database and the desktop; a change the database now refuses (the item was deleted on the
// desktop meanwhile) is put to the seller, not lost.
test.use({ serviceWorkers: 'allow' });

const SHELF_1 = { room: 'Garage', isle: 1, unit: 'A', shelf: 1 };

async function itemsOf(admin: SupabaseClient, accountId: string) {
  const { data, error } = await admin
    .from('storage_items')
    .select('item_name, quantity, barcode, shelf_id')
    .eq('account_id', accountId)
    .order('item_name');
  if (error) throw error;
  return data;
}

/** The items of the account's device copy (what an offline reload shows), by name. */
async function deviceItems(
  page: Page,
  seller: Pick<SellerAccount, 'id' | 'accountId'>,
): Promise<Record<string, string | null>> {
  const { accountId } = seller;
  const items = await deviceItemRows<{ item_name: string; shelf_id: string | null }>(
    page,
    deviceDbOf(seller),
    JSON.stringify(['inventory', accountId, 'items']),
  );
  return Object.fromEntries((items ?? []).map((item) => [item.item_name, item.shelf_id]));
}

test.describe('offline on the tablet', () => {
  test.setTimeout(240_000);

  // The offline tablet journey: a touch tablet's only (@touch-only).
  test(
    'eleven changes made offline, a photo among them, wait on the device, survive a reload and catch up',
    { tag: '@touch-only' },
    async ({ page, browser, admin, seller, dashboard, touch }, testInfo) => {
      // Garage › isle 1 › unit A: shelf 1 with five items, shelf 2 empty.
      const [garage] = await seedStorage(seller.accountId, [
        {
          name: 'Garage',
          isles: [
            {
              index: 1,
              units: [
                {
                  shelves: [
                    [
                      { name: 'Hammer' },
                      { name: 'Lantern', quantity: 2 },
                      { name: 'Saw' },
                      { name: 'Mug' },
                      { name: 'Teapot', barcode: 'TEA-1' },
                    ],
                    [],
                  ],
                },
              ],
            },
          ],
        },
      ]);
      const [firstShelf, secondShelf] = garage!.isles[0]!.units[0]!.shelves;
      const [, , , mugId] = firstShelf!.itemIds;
      const shelf1 = firstShelf!.id;
      const shelf2 = secondShelf!.id;
      await setPlan(seller.accountId, 'elite');

      const move = new MovePage(page, touch);
      const barcodes = new BarcodesPage(page, touch);
      // Loaded once online: the service worker takes the app's code, the device the stockroom.
      await barcodes.gotoScan();
      await move.goto();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      // The offline reload shows the device copy, written a moment after the screen's data
      // arrives (data/offline/device-cache.ts): wait until it holds the five items.
      await expect.poll(async () => Object.keys(await deviceItems(page, seller)).length).toBe(5);

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
      // 7: a photo of Brass lantern, itself added offline (a file stands in for the camera):
      // resized and kept on the device, shown from there at once, sent after its item's add.
      await move.press(move.item('Brass lantern').getByTestId('item-edit'));
      const photos = move.dialog.getByTestId('item-photos');
      await photos.getByTestId('item-photo-camera-input').setInputFiles({
        name: 'camera.jpg',
        mimeType: 'image/jpeg',
        buffer: await cameraJpeg(page),
      });
      await expect(photos.getByTestId('item-photos-count')).toHaveText('1 of 1 (at most 6)');
      await expect(photos.getByTestId('item-photo-waiting')).toBeVisible();
      await expect.poll(() => loadedWidth(photos.getByTestId('item-photo'))).toBe(1600);
      await move.press(move.dialog.getByRole('button', { name: 'Cancel' }));
      const lanternThumb = move.item('Brass lantern').getByTestId('item-thumb-img');
      await expect(lanternThumb).toHaveAttribute('data-queued', 'true');
      await expect.poll(() => loadedWidth(lanternThumb)).toBe(160);
      // 8: Mug is deleted on the desktop meanwhile; the tablet raises its quantity.
      await admin.from('storage_items').delete().eq('item_id', mugId!);
      await move.press(move.item('Mug').getByTestId('item-increase'));
      await expect(waiting).toHaveText('8 changes waiting');

      // 9-10: Bulk Scan, opened offline, two scans onto Shelf 1.
      await dashboard.press(page.getByTestId('nav-scan'));
      await expect(page.getByRole('heading', { level: 1, name: 'Bulk Scan' })).toBeVisible();
      await barcodes.chooseShelf('scan-shelf', SHELF_1);
      await barcodes.scan('NEW-1');
      await expect(barcodes.entry('NEW-1')).toHaveAttribute('data-status', 'added');
      await barcodes.scan('NEW-2');
      await expect(barcodes.entry('NEW-2')).toHaveAttribute('data-status', 'added');
      // 11: put-away of Teapot onto Shelf 2.
      await barcodes.press(barcodes.byTestId('mode-putaway'));
      await barcodes.scan(`SR-SHELF-${shelf2.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
      await barcodes.scan('TEA-1');
      await expect(barcodes.entry('TEA-1')).toHaveAttribute('data-status', 'moved');
      await expect(waiting).toHaveText('11 changes waiting');
      const box = await waiting.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);

      // Reload while still offline: the queue and the screen survive. The device copy of the
      // screen is written within 400 ms of a change (data/offline/device-cache.ts): wait until it
      // holds the last one (Teapot put away on shelf 2), and so every one before it.
      await expect
        .poll(() => deviceItems(page, seller))
        .toMatchObject({
          'Bow saw': shelf1,
          'Brass lantern': shelf1,
          Hammer: shelf2,
          Teapot: shelf2,
        });
      await page.reload();
      await expect(waiting).toHaveText('11 changes waiting');
      await move.goto();
      await expect(move.item('Bow saw')).toBeVisible();
      await expect(move.item('Brass lantern')).toBeVisible();
      // the photo's files came back from the device's queue
      await expect.poll(() => loadedWidth(lanternThumb)).toBe(160);
      await expect(move.shelfById(shelf2).getByTestId('item-name')).toHaveText([
        'Teapot',
        'Hammer',
      ]);
      await move.press(waiting);
      const list = page.getByTestId('change-waiting');
      await expect(list).toHaveCount(11);
      await expect(list.first()).toContainText('Move Hammer to Garage › Isle 1 › A › Shelf 2');
      await expect(list.nth(5)).toContainText('Add Brass lantern (4) to');
      await expect(list.nth(6)).toContainText('Photo for Brass lantern');
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
        { item_name: 'Bow saw', quantity: 1, barcode: null, shelf_id: shelf1 },
        { item_name: 'Brass lantern', quantity: 4, barcode: null, shelf_id: shelf1 },
        { item_name: 'Hammer', quantity: 1, barcode: null, shelf_id: shelf2 },
        { item_name: 'Lantern', quantity: 3, barcode: null, shelf_id: shelf1 },
        {
          item_name: 'Scanned item NEW-1',
          quantity: 1,
          barcode: 'NEW-1',
          shelf_id: shelf1,
        },
        {
          item_name: 'Scanned item NEW-2',
          quantity: 1,
          barcode: 'NEW-2',
          shelf_id: shelf1,
        },
        { item_name: 'Teapot', quantity: 1, barcode: 'TEA-1', shelf_id: shelf2 },
      ];
      expect(await itemsOf(admin, seller.accountId)).toEqual(expected);
      // The photo is listed on the item its add made, and both files are in Storage.
      const brassLantern = await admin
        .from('storage_items')
        .select('item_id')
        .eq('account_id', seller.accountId)
        .eq('item_name', 'Brass lantern')
        .single();
      const lanternPhotos = await admin
        .from('item_photos')
        .select('item_id, object_name, thumb_name, position')
        .eq('account_id', seller.accountId);
      expect(lanternPhotos.error).toBeNull();
      expect(lanternPhotos.data).toHaveLength(1);
      expect(lanternPhotos.data![0]).toMatchObject({
        item_id: brassLantern.data!.item_id,
        position: 0,
      });
      for (const name of [lanternPhotos.data![0]!.object_name, lanternPhotos.data![0]!.thumb_name])
        expect((await admin.storage.from('item-photos').download(name)).error).toBeNull();
      // now shown from Storage, not the device
      await expect(lanternThumb).not.toHaveAttribute('data-queued');
      await expect.poll(() => loadedWidth(lanternThumb)).toBe(160);

      // The seller discards it; nothing is left waiting.
      await move.press(decision.getByTestId('change-discard'));
      await expect(decide).toBeHidden();

      // The desktop, same seller, sees every change.
      const desktop = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        viewport: { width: 1366, height: 768 },
      });
      await signInContext(desktop, seller);
      const desktopPage = await desktop.newPage();
      const onDesktop = new MovePage(desktopPage, false);
      await onDesktop.goto();
      for (const row of expected) await expect(onDesktop.item(row.item_name)).toBeVisible();
      await expect(onDesktop.item('Mug')).toHaveCount(0);
      await desktop.close();
    },
  );
});
