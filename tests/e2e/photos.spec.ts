import { SANDBOX_ORDERS } from '../../local/sandboxes/ebay-catalogue';
import { cameraJpeg, loadedWidth as loaded } from './camera';
import { expect, signInContext, test } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { EbayPage } from './pages/ebay-page';
import { InventoryPage } from './pages/inventory-page';
import { createSeller, joinAccount, seedShelf, setPlan } from './seed';

const ORDER = SANDBOX_ORDERS.filter((o) => o.status !== 'FULFILLED')[0]!;
const LINE = ORDER.lineItems[0]!;

test.describe('Photos of items', () => {
  test.setTimeout(3 * 60_000);

  // The picker takes the photo on the tablet by touch; the owner's desktop sees it live.
  test(
    'a picker adds a photo from the item dialog on the tablet; the owner sees it live and on the eBay order line',
    { tag: '@touch-only' },
    async ({ page, context, browser, sellerAccount: owner }) => {
      await setPlan(owner.accountId, 'elite');
      await seedShelf(owner.accountId, [{ name: 'Blue mug', sku: LINE.sku, quantity: 5 }]);
      const picker = await createSeller({ tag: 'photo-picker' });
      await joinAccount(owner, picker, 'picker');

      // The owner's desktop: eBay connected, the inventory open and live.
      const desktop = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        viewport: { width: 1366, height: 768 },
      });
      try {
        await signInContext(desktop, owner);
        const ownerPage = await desktop.newPage();
        await new EbayPage(ownerPage, false).connect();
        const ownerInventory = new InventoryPage(ownerPage, false);
        await ownerPage.goto('/dashboard/inventory');
        await expect(ownerInventory.item('Blue mug')).toBeVisible();
        await expect(ownerPage.getByTestId('live-sync')).toHaveAttribute('data-state', 'live');
        await expect(ownerInventory.item('Blue mug').getByTestId('item-thumb-img')).toHaveCount(0);

        // The picker's tablet: the item dialog's Photos section.
        await signInContext(context, picker);
        const inventory = new InventoryPage(page, true);
        await page.goto('/dashboard/inventory');
        await inventory.press(inventory.item('Blue mug').getByTestId('item-edit'));
        const photos = inventory.dialog.getByTestId('item-photos');
        await expect(photos.getByTestId('item-photos-count')).toHaveText('No photos yet');
        await expect(photos.getByTestId('item-photo-camera')).toBeVisible();
        // a picker adds but does not remove
        await expect(photos.getByTestId('item-photo-remove')).toHaveCount(0);
        const camera = photos.getByTestId('item-photo-camera-input');
        await expect(camera).toHaveAttribute('capture', 'environment');

        // An SVG is refused before anything is sent, saying what is taken.
        await camera.setInputFiles({
          name: 'drawing.svg',
          mimeType: 'image/svg+xml',
          buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        });
        await expect(photos.getByTestId('item-photos-failure')).toHaveText(
          'Only JPEG, PNG or WebP images can be added as photos.',
        );

        // The camera's photo (a file stands in for it): resized, uploaded, shown full size.
        await camera.setInputFiles({
          name: 'camera.jpg',
          mimeType: 'image/jpeg',
          buffer: await cameraJpeg(page),
        });
        await expect(inventory.toastTitled('Photo Added')).toBeVisible();
        await expect(photos.getByTestId('item-photos-failure')).toHaveCount(0);
        await expect(photos.getByTestId('item-photos-count')).toHaveText('1 of 1 (at most 6)');
        const full = photos.getByTestId('item-photo');
        await expect.poll(() => loaded(full)).toBe(1600);
        await inventory.press(inventory.dialog.getByRole('button', { name: 'Cancel' }));
        await expect(inventory.item('Blue mug').getByTestId('item-thumb-img')).toBeVisible();

        // The owner's desktop shows the thumbnail without a reload.
        const thumb = ownerInventory.item('Blue mug').getByTestId('item-thumb-img');
        await expect(thumb).toBeVisible({ timeout: 5_000 });
        await expect.poll(() => loaded(thumb)).toBe(160);

        // And the eBay order line of that item shows it.
        await new DashboardPage(ownerPage, false).open('eBay Orders');
        const line = ownerPage
          .locator(`[data-order-id="${ORDER.orderId}"]`)
          .locator(`[data-testid="ebay-order-line"][data-line-id="${LINE.lineItemId}"]`);
        const lineThumb = line.getByTestId('item-thumb-img');
        await expect(lineThumb).toBeVisible();
        await expect.poll(() => loaded(lineThumb)).toBe(160);
      } finally {
        await desktop.close();
      }
    },
  );
});
