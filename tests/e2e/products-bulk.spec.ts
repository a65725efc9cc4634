import { readFile } from 'node:fs/promises';
import { test as base, expect } from './fixtures';
import { ProductsPage } from './pages/products-page';
import { seedStorage, setPlan } from './seed';

// Issue #25, point 7: Products, act on many. Rows are chosen by checkbox (Shift for a range,
// Space from the keyboard, "Select all N matching" for a filter) and moved, printed, exported
// or deleted together.

const test = base.extend<{ products: ProductsPage }>({
  products: async ({ page, touch }, use) => {
    await use(new ProductsPage(page, touch));
  },
});

test.describe('products: act on many', () => {
  test.setTimeout(120_000);

  test.beforeEach(async ({ seller, products }) => {
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
                    { name: 'Cup 1' },
                    { name: 'Cup 2' },
                    { name: 'Cup 3' },
                    { name: 'Plate 1', barcode: '4006381333931' },
                    { name: 'Plate 2' },
                  ],
                  [],
                ],
              },
            ],
          },
        ],
      },
    ]);
    await products.goto();
    await products.press(products.sortBy('item_name'));
    await expect(products.names).toHaveText(['Cup 1', 'Cup 2', 'Cup 3', 'Plate 1', 'Plate 2']);
  });

  const checkbox = (products: ProductsPage, name: string) =>
    products.row(name).getByRole('checkbox', { name: `Select ${name}` });

  // Choosing, exporting and opening the labels change nothing: one test, one load of the screen.
  test('shift-click and Space choose rows; a filter chooses all matching; Export writes them; Print labels opens them', async ({
    page,
    products,
  }) => {
    const count = page.getByTestId('products-selected-count');
    await checkbox(products, 'Cup 1').click();
    await checkbox(products, 'Cup 3').click({ modifiers: ['Shift'] });
    await expect(count).toHaveText('3 selected');
    await expect(checkbox(products, 'Cup 2')).toBeChecked();

    await checkbox(products, 'Plate 2').focus();
    await page.keyboard.press('Space');
    await expect(count).toHaveText('4 selected');
    await expect(checkbox(products, 'Plate 1')).not.toBeChecked();
    // the header box says "some"; clicking it chooses every row shown
    await page.getByTestId('products-select-all').click();
    await expect(count).toHaveText('5 selected');
    await page.getByTestId('bulk-clear').click();
    await expect(page.getByTestId('products-bulk')).toHaveCount(0);

    await products.filter.fill('plate');
    await expect(products.names).toHaveText(['Plate 1', 'Plate 2']);
    await page.getByTestId('products-select-matching').click();
    await expect(count).toHaveText('2 selected');

    const download = page.waitForEvent('download');
    await page.getByTestId('bulk-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^stockroom-items-selected-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await file.path())).toString('utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Item Name');
    expect(lines.slice(1).join('\n')).toMatch(/Plate 1[\s\S]*Plate 2|Plate 2[\s\S]*Plate 1/);
    await expect(
      page.getByTestId('toast').filter({ hasText: '2 items were exported' }),
    ).toBeVisible();

    await test.step('Print labels opens the labels screen with the chosen items', async () => {
      await page.getByTestId('bulk-clear').click();
      await products.filter.fill('');
      await checkbox(products, 'Plate 1').click();
      await checkbox(products, 'Cup 2').click();
      await page.getByTestId('bulk-labels').click();
      await expect(page).toHaveURL(/\/dashboard\/barcode-labels$/);
      await expect(page.getByTestId('label-chosen-count')).toHaveText('2 of 2 items chosen');
      await expect(
        page.getByTestId('label-sheets').getByTestId('label-title').first(),
      ).toBeVisible();
    });
  });

  test('Move to shelf and Delete act on every chosen item, and say how many', async ({
    page,
    admin,
    seller,
    products,
  }) => {
    await products.filter.fill('cup');
    await page.getByTestId('products-select-matching').click();
    await expect(page.getByTestId('products-selected-count')).toHaveText('3 selected');

    await page.getByTestId('bulk-move').click();
    const move = page.getByTestId('bulk-move-dialog');
    // the code field takes the focus, so a scanner's keys land in it
    const code = move.getByTestId('bulk-shelf-code');
    await expect(code).toBeFocused();
    await move.getByTestId('bulk-move-confirm').click();
    await expect(move.getByRole('alert')).toHaveText('Choose a room, isle, unit and shelf');
    // Issue #41: shelf 2's label code, typed or scanned into the dialog, chooses that shelf
    const { data: shelfRows } = await admin
      .from('storage_shelves')
      .select('code')
      .eq('account_id', seller.accountId)
      .order('shelf_index');
    const shelf2 = (shelfRows as { code: string }[])[1]!.code;
    await code.fill('S-99999');
    await code.press('Enter');
    await expect(move.getByTestId('bulk-shelf-code-error')).toHaveText(
      'No shelf or unit of yours has the code S-99999.',
    );
    await code.fill(shelf2.toLowerCase());
    await expect(move.getByTestId('bulk-shelf-code-error')).toHaveCount(0);
    await expect(move.getByTestId('bulk-shelf-room').locator('option:checked')).toHaveText(
      'Garage',
    );
    await expect(move.getByTestId('bulk-shelf-shelf').locator('option:checked')).toHaveText(
      'Shelf 2',
    );
    const moved = page.waitForResponse((r) => r.url().includes('/rpc/move_items') && r.ok());
    await move.getByTestId('bulk-move-confirm').click();
    await moved;
    await expect(
      page.getByTestId('toast').filter({ hasText: '3 items were moved to' }),
    ).toBeVisible();
    await expect(products.row('Cup 2')).toContainText('Shelf 2');
    const onShelf2 = await admin
      .from('storage_items')
      .select('item_name, storage_shelves(shelf_index)')
      .eq('account_id', seller.accountId)
      .like('item_name', 'Cup%');
    expect(
      (onShelf2.data ?? []).map(
        (row) => (row.storage_shelves as unknown as { shelf_index: number }).shelf_index,
      ),
    ).toEqual([2, 2, 2]);

    // still chosen: delete them, after saying so
    await page.getByTestId('bulk-delete').click();
    const confirm = page.getByTestId('bulk-delete-dialog');
    await expect(confirm).toContainText('Delete 3 chosen items? This cannot be undone.');
    const removed = page.waitForResponse((r) => r.url().includes('/rpc/remove_items') && r.ok());
    await confirm.getByTestId('bulk-delete-dialog-confirm').click();
    await removed;
    await expect(
      page.getByTestId('toast').filter({ hasText: '3 items were deleted' }),
    ).toBeVisible();
    await products.filter.fill('');
    await expect(products.names).toHaveText(['Plate 1', 'Plate 2']);
    await expect(page.getByTestId('products-bulk')).toHaveCount(0);
    const left = await admin
      .from('storage_items')
      .select('item_id', { count: 'exact', head: true })
      .eq('account_id', seller.accountId);
    expect(left.count).toBe(2);
  });
});
