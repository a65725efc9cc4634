import { seriousViolations } from './axe';
import { test as base, expect, signInContext } from './fixtures';
import { restResponse } from './pages/inventory-page';
import { ProductsPage } from './pages/products-page';
import { seedShelf, seedStorage, setPlan } from './seed';

const test = base.extend<{ products: ProductsPage }>({
  products: async ({ page, touch }, use) => {
    await use(new ProductsPage(page, touch));
  },
});

test.describe('products', () => {
  test.setTimeout(60_000);

  test('sorts, filters, edits and deletes items', async ({ page, seller, products }) => {
    await setPlan(seller.accountId, 'growing');
    await seedStorage(seller.accountId, [
      {
        name: 'Garage',
        isles: [
          {
            index: 1,
            units: [
              {
                type: 'bay',
                shelves: [
                  [
                    { name: 'banana crate', quantity: 7 },
                    { name: 'Apple box', quantity: 2, barcode: '4006381333931' },
                  ],
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'Shed',
        isles: [
          {
            index: 3,
            units: [{ type: 'bin', shelves: [[], [{ name: 'Cherry jar', quantity: 12 }]] }],
          },
        ],
      },
    ]);
    await products.goto();

    await expect(products.count).toHaveText('3 of 3 items');
    expect(await seriousViolations(page)).toEqual([]);
    // Newest first by default.
    await expect(products.names).toHaveText(['Cherry jar', 'Apple box', 'banana crate']);
    await expect(products.row('Cherry jar')).toContainText('Shed › Isle 3 › A › Shelf 2');

    await products.press(products.sortBy('item_name'));
    await expect(products.names).toHaveText(['Apple box', 'banana crate', 'Cherry jar']);
    await expect(products.page.locator('th[aria-sort="ascending"]')).toContainText('Name');
    await products.press(products.sortBy('item_name'));
    await expect(products.names).toHaveText(['Cherry jar', 'banana crate', 'Apple box']);
    await products.press(products.sortBy('quantity'));
    await expect(products.names).toHaveText(['Apple box', 'banana crate', 'Cherry jar']);

    // Filter by name, barcode or SKU, and by unit type.
    await products.filter.fill('4006381');
    await expect(products.names).toHaveText(['Apple box']);
    await expect(products.count).toHaveText('1 of 3 items');
    await products.filter.fill('');
    await page.getByTestId('products-unit-type').selectOption('bin');
    await expect(products.names).toHaveText(['Cherry jar']);
    await page.getByTestId('products-unit-type').selectOption('all');

    // Edit.
    await products.press(products.row('Apple box').getByTestId('item-edit'));
    await page.getByTestId('item-quantity').fill('5');
    await page.getByTestId('item-price_paid').fill('3,20');
    const saved = restResponse(page, 'rpc/update_item');
    await products.press(page.getByTestId('item-dialog-submit'));
    expect((await saved).ok()).toBe(true);
    await expect(products.row('Apple box').getByTestId('product-quantity')).toHaveText('5');
    await expect(products.row('Apple box')).toContainText('$3.20');

    // Delete.
    await products.press(products.row('banana crate').getByTestId('item-delete'));
    const removed = restResponse(page, 'rpc/remove_items');
    await products.press(page.getByTestId('confirm-dialog-confirm'));
    expect((await removed).ok()).toBe(true);
    await expect(products.count).toHaveText('2 of 2 items');

    // What was saved is what the server holds: a fresh load shows the same.
    await page.reload();
    await expect(products.ready).toBeVisible();
    await expect(products.count).toHaveText('2 of 2 items');
    await expect(products.row('Apple box').getByTestId('product-quantity')).toHaveText('5');
  });

  // The tablet layout of Products: on the tablet (touch, 1024 wide) and at both desktop widths.
  test(
    'row actions show at 1024×768 without sideways scrolling; 1366 keeps every column',
    { tag: '@touch' },
    async ({ page, seller, products, touch }, testInfo) => {
      await seedShelf(seller.accountId, [{ name: 'Apple box' }], { type: 'bay' });
      // The tablet is 1024 wide already; the desktop checks both widths on one load (the layout
      // follows the window by CSS alone).
      const widths = touch ? [1024] : [1024, 1366];
      await page.setViewportSize({ width: widths[0]!, height: 768 });
      await products.goto();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 768 });
        await expect(page.getByTestId('product-row')).toHaveCount(1);
        const scroll = page.getByTestId('products-scroll');
        expect(await scroll.evaluate((el) => el.scrollLeft)).toBe(0);
        const box = await scroll.boundingBox();
        for (const name of [/^Edit /, /^Print label for /, /^Delete /]) {
          const button = page.getByTestId('product-actions').first().getByRole('button', { name });
          const at = await button.boundingBox();
          // wholly inside the table's box and the window: no sideways scrolling to reach it
          expect(at!.x).toBeGreaterThanOrEqual(box!.x);
          expect(at!.x + at!.width).toBeLessThanOrEqual(Math.min(box!.x + box!.width, width));
        }
        for (const heading of ['sort-item_name', 'sort-created_at']) {
          await expect(page.getByTestId(heading)).toBeAttached();
        }
        if (width === 1366) {
          // everything fits: nothing lies under the pinned actions, not even the end of Added
          expect(
            await scroll.evaluate((el) => el.scrollWidth - el.clientWidth),
          ).toBeLessThanOrEqual(0);
          const added = await page.getByTestId('sort-created_at').boundingBox();
          const actions = await page.getByTestId('product-actions').first().boundingBox();
          expect(added!.x + added!.width).toBeLessThanOrEqual(actions!.x + 1);
          // …and the name, beside its picture, has room for two readable lines (issue #39).
          const name = await page.getByTestId('product-name').first().boundingBox();
          expect(name!.width).toBeGreaterThanOrEqual(210);
        }
        await page.screenshot({
          path: testInfo.outputPath(`${testInfo.project.name}-products-${width}.png`),
        });
      }
    },
  );

  // Read-only: the shared Elite stockroom (5000 items, five of PostgREST's 1000-row pages).
  test('lists every item of a large account, paged from the server and virtualised', async ({
    context,
    eliteSeller,
    products,
  }) => {
    await signInContext(context, eliteSeller);
    await products.goto();
    await expect(products.count).toHaveText('5,000 of 5,000 items');
    // Newest first: the seed made item N N minutes ago.
    await expect(products.names.first()).toHaveText('Item 1 denim jacket');
    // Only the rows in view are in the page.
    expect(await products.rows.count()).toBeLessThan(80);

    // The oldest item is at the end of the list.
    await products.scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(products.row('Item 5000 vintage lamp')).toBeVisible();
    expect(await products.rows.count()).toBeLessThan(80);
  });
});
