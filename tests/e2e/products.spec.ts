import AxeBuilder from '@axe-core/playwright';
import { test as base, expect } from './fixtures';
import { restResponse, seedStorage, setPlan } from './pages/inventory-page';
import { ProductsPage } from './pages/products-page';

const test = base.extend<{ products: ProductsPage }>({
  products: async ({ page }, use, testInfo) => {
    await use(new ProductsPage(page, Boolean(testInfo.project.use.hasTouch)));
  },
});

test.describe('products', () => {
  test.setTimeout(60_000);

  test('sorts, filters, edits and deletes items', async ({
    page,
    admin,
    sellerAccount,
    loginPage,
    dashboard,
    products,
  }) => {
    await setPlan(admin, sellerAccount.id, 'growing');
    await seedStorage(admin, sellerAccount.id, [
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
    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    await products.goto();

    await expect(products.count).toHaveText('3 of 3 items');
    const violations = (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
    expect(violations).toEqual([]);
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

    await page.reload();
    await expect(products.ready).toBeVisible();
    await expect(products.count).toHaveText('2 of 2 items');
    await expect(products.row('Apple box').getByTestId('product-quantity')).toHaveText('5');
  });

  test('row actions show at 1024×768 without sideways scrolling; 1366 keeps every column', async ({
    page,
    admin,
    sellerAccount,
    loginPage,
    dashboard,
    products,
  }, testInfo) => {
    await seedStorage(admin, sellerAccount.id, [
      {
        name: 'Garage',
        isles: [{ index: 1, units: [{ type: 'bay', shelves: [[{ name: 'Apple box' }]] }] }],
      },
    ]);
    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    for (const width of [1024, 1366]) {
      await page.setViewportSize({ width, height: 768 });
      await products.goto();
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
        expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        const added = await page.getByTestId('sort-created_at').boundingBox();
        const actions = await page.getByTestId('product-actions').first().boundingBox();
        expect(added!.x + added!.width).toBeLessThanOrEqual(actions!.x + 1);
      }
      await page.screenshot({
        path: testInfo.outputPath(`${testInfo.project.name}-products-${width}.png`),
      });
    }
  });

  test('lists every item of a large account, paged from the server and virtualised', async ({
    admin,
    sellerAccount,
    loginPage,
    dashboard,
    products,
  }) => {
    await setPlan(admin, sellerAccount.id, 'elite');
    await seedStorage(admin, sellerAccount.id, [
      { name: 'Warehouse', isles: [{ index: 1, units: [{ type: 'box', shelves: [[]] }] }] },
    ]);
    const { data: shelf } = await admin
      .from('storage_shelves')
      .select('shelf_id, unit_id')
      .eq('user_id', sellerAccount.id)
      .single();
    // 2500 items: more than two of PostgREST's 1000-row pages.
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      user_id: sellerAccount.id,
      item_name: `Stock ${String(i + 1).padStart(4, '0')}`,
      quantity: 1,
      shelf_id: shelf!.shelf_id,
      unit_id: shelf!.unit_id,
      created_at: new Date(start + i * 1000).toISOString(),
    }));
    const { error } = await admin.from('storage_items').insert(rows);
    expect(error).toBeNull();

    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    await products.goto();
    await expect(products.count).toHaveText('2,500 of 2,500 items');
    await expect(products.names.first()).toHaveText('Stock 2500');
    // Only the rows in view are in the page.
    expect(await products.rows.count()).toBeLessThan(80);

    // The oldest item is at the end of the list.
    await products.scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(products.row('Stock 0001')).toBeVisible();
    expect(await products.rows.count()).toBeLessThan(80);
  });
});
