import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, test } from './fixtures';
import { BarcodesPage } from './pages/barcodes-page';
import { seedShelf, setPlan } from './seed';

// Issue #25 point 4: in bulk scan a code scanned again counts (unless "One per code"), and a code
// the seller already holds offers "Add to that item" or "New item here". The batch journey runs
// on the tablet too (barcodes.press taps there): its choices are touch targets.

let barcodes: BarcodesPage;
test.beforeEach(({ page, touch }) => {
  barcodes = new BarcodesPage(page, touch);
});

const GARAGE_SHELF_1 = { room: 'Garage', isle: 1, unit: 'A', shelf: 1 };

async function setBatch(admin: SupabaseClient, accountId: string, on: boolean) {
  const { error } = await admin
    .from('user_preferences')
    .update({ barcode_batch: on })
    .eq('account_id', accountId);
  if (error) throw error;
}

async function itemsOf(admin: SupabaseClient, accountId: string) {
  const { data, error } = await admin
    .from('storage_items')
    .select('item_name, barcode, quantity')
    .eq('account_id', accountId)
    .order('created_at');
  if (error) throw error;
  return data;
}

test.describe('scan counting', () => {
  test(
    'batch: a repeat scan counts, one per code refuses, a held code is added to its item',
    { tag: '@touch' },
    async ({ admin, seller }) => {
      await seedShelf(seller.accountId, [
        { name: 'Blue mug', quantity: 4, barcode: '5012345678900' },
      ]);
      await setPlan(seller.accountId, 'power');
      await setBatch(admin, seller.accountId, true);
      await barcodes.gotoScan();

      await barcodes.scan('ABC-1');
      await barcodes.scan('ABC-1');
      await barcodes.scan('abc-1');
      await expect(barcodes.entries).toHaveCount(1);
      await expect(barcodes.entry('ABC-1').getByTestId('scan-entry-quantity')).toHaveText('×3');
      // One summary toast, updated in place, not one stacked per scan (issue #39 point 8)
      await barcodes.expectToast('Counted', 'ABC-1 ×3. Added 3 scans: 1 new, 2 counted up');
      await expect(barcodes.toast).toHaveCount(1);
      await expect(barcodes.status).toHaveText('ABC-1 ×3');

      // One per code: the old refusal
      const onePerCode = barcodes.byTestId('scan-one-per-code').getByRole('checkbox');
      await barcodes.press(onePerCode);
      await expect(onePerCode).toBeChecked();
      await barcodes.scan('ABC-1');
      await barcodes.expectToast('Duplicate Item', 'This item has already been scanned');
      await expect(barcodes.entry('ABC-1').getByTestId('scan-entry-quantity')).toHaveText('×3');
      await barcodes.press(onePerCode);
      await expect(onePerCode).not.toBeChecked();

      // A code the seller holds: the row says where, and offers the two choices
      await barcodes.scan('5012345678900');
      await barcodes.scan('5012345678900');
      const held = barcodes.entry('5012345678900');
      await expect(held.getByTestId('scan-entry-held')).toContainText(
        'You have Blue mug on Garage › Isle 1 › Unit A › Shelf 1',
      );
      await expect(held.getByTestId('scan-entry-new')).toHaveAttribute('aria-pressed', 'true');
      await barcodes.press(held.getByTestId('scan-entry-existing'));
      await expect(held.getByTestId('scan-entry-existing')).toHaveAttribute('aria-pressed', 'true');
      await expect(held.getByTestId('scan-entry-quantity')).toHaveText('×2');
      const box = await held.getByTestId('scan-entry-existing').boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);

      await barcodes.chooseShelf('scan-shelf', GARAGE_SHELF_1);
      await barcodes.press(barcodes.byTestId('scan-add-all'));
      await barcodes.expectToast('Items Added');
      await expect(held).toHaveAttribute('data-status', 'added');
      await expect(barcodes.entry('ABC-1')).toHaveAttribute('data-status', 'added');
      expect(await itemsOf(admin, seller.accountId)).toEqual([
        { item_name: 'Blue mug', barcode: '5012345678900', quantity: 6 },
        { item_name: 'Scanned item ABC-1', barcode: 'ABC-1', quantity: 3 },
      ]);

      // scanned again after saving: that item gets one more at once
      await barcodes.scan('ABC-1');
      await barcodes.expectToast('Counted', 'ABC-1 ×4. Added 6 scans: 2 new, 4 counted up');
      await expect(barcodes.entry('ABC-1').getByTestId('scan-entry-quantity')).toHaveText('×4');
      await expect
        .poll(async () => (await itemsOf(admin, seller.accountId)).map((i) => i.quantity))
        .toEqual([6, 4]);
    },
  );

  test('after a reload, scans wait until batch mode is known', async ({ admin, page, seller }) => {
    // The plan can be known before the preferences (from the device copy, or a slow answer):
    // scans taken then were handled as "add at once" and refused with "Choose a shelf first".
    await setPlan(seller.accountId, 'power');
    await setBatch(admin, seller.accountId, true);
    // A signed-in page load with no device copy, and the preferences answer late.
    await page.addInitScript(() =>
      Object.defineProperty(window, 'indexedDB', { value: undefined }),
    );
    await page.route('**/rest/v1/user_preferences*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fallback();
    });
    await page.goto('/dashboard/scan');
    await barcodes.scan('ABC-1');
    await expect(barcodes.entries).toHaveCount(1);
    await expect(barcodes.entry('ABC-1').getByTestId('scan-entry-quantity')).toHaveText('×1');
  });

  test('at once: a held code waits for the choice; New item here adds one', async ({
    admin,
    seller,
  }) => {
    await seedShelf(seller.accountId, [
      { name: 'Blue mug', quantity: 4, barcode: '5012345678900' },
    ]);
    await setPlan(seller.accountId, 'power');
    await barcodes.gotoScan();
    await barcodes.chooseShelf('scan-shelf', GARAGE_SHELF_1);

    await barcodes.scan('5012345678900');
    const held = barcodes.entry('5012345678900');
    await expect(held).toHaveAttribute('data-status', 'pending');
    await expect(barcodes.status).toHaveText(
      'You already have Blue mug on Garage › Isle 1 › Unit A › Shelf 1: choose Add to that item or New item here',
    );
    await barcodes.press(held.getByTestId('scan-entry-new'));
    await expect(held).toHaveAttribute('data-status', 'added');
    expect(await itemsOf(admin, seller.accountId)).toEqual([
      { item_name: 'Blue mug', barcode: '5012345678900', quantity: 4 },
      { item_name: 'Blue mug', barcode: '5012345678900', quantity: 1 },
    ]);

    // the same code again raises the new item, not the old one
    await barcodes.scan('5012345678900');
    await barcodes.expectToast('Counted', /^Blue mug ×2\. Added \d+ scans?: /);
    await expect
      .poll(async () => (await itemsOf(admin, seller.accountId)).map((i) => i.quantity))
      .toEqual([4, 2]);
  });
});
