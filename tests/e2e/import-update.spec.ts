import { expect, test } from './fixtures';
import { ImportPage } from './pages/import-page';
import { EMPTY_GARAGE, seedStorage } from './seed';

// Issue #25 point 3: importing a file again updates the items it matches instead of adding
// them twice. Desktop: the preview is a wide table read at a desk.

const HEADER = 'Item Name,Quantity,Room,Isle,Unit,Shelf,Barcode,SKU,Price Paid,Expiry Date';
const FIRST = [
  'Blue mug,2,Garage,1,A,1,5012345678900,MUG-BLUE,4.50,',
  'Teapot,3,Garage,1,A,2,TEA-1,,,',
];
// The stock count a week later: more mugs at a new price (name and place left empty), the
// teapot moved (found by its barcode), and one new item.
const AGAIN = [
  ',7,,,,,,MUG-BLUE,5.25,',
  'Teapot,,Garage,1,B,3,tea-1,,,',
  'Green mug,1,Garage,1,A,1,,MUG-GREEN,,',
];

test.describe('re-import', () => {
  // The refused file is checked against what the journey imported: no second seller or load.
  test('updates matching items and adds the rest, or adds all as new; a file matching one item twice is refused', async ({
    page,
    seller,
    admin,
  }) => {
    test.setTimeout(90_000);
    await seedStorage(seller.accountId, [EMPTY_GARAGE]);
    const importPage = new ImportPage(page, false);
    await importPage.goto();

    await importPage.choose('stock.csv', [HEADER, ...FIRST].join('\n'));
    // nothing to match yet: no choice offered
    await expect(page.getByTestId('import-mode')).toHaveCount(0);
    await importPage.commit();
    await expect(importPage.complete).toContainText('2 items were imported');

    await importPage.choose('stock-again.csv', [HEADER, ...AGAIN].join('\n'));
    await expect(page.getByTestId('import-mode')).toBeVisible();
    await expect(page.getByTestId('import-mode-update')).toBeChecked();
    await expect(importPage.summary).toHaveText('3 rows (1 to add, 2 to update), no errors.');
    await expect(importPage.previewRows).toHaveCount(3);
    const [mugRow, teapotRow, greenRow] = [0, 1, 2].map((i) => importPage.previewRows.nth(i));
    await expect(mugRow!).toHaveAttribute('data-action', 'update');
    await expect(mugRow!.getByTestId('import-row-update')).toContainText(
      'Update Blue mug (by SKU)',
    );
    await expect(mugRow!.getByTestId('import-row-change')).toHaveText([
      'Quantity: 2 → 7',
      'Price paid: 4.50 → 5.25',
    ]);
    await expect(mugRow!).toContainText('Kept (empty cells): Name, Barcode, Expiry date, Place');
    await expect(teapotRow!.getByTestId('import-row-update')).toContainText('(by barcode)');
    await expect(teapotRow!.getByTestId('import-row-change')).toHaveText([
      'Place: Garage › Isle 1 › A › Shelf 2 → Garage › Isle 1 › B › Shelf 3',
    ]);
    await expect(greenRow!).toHaveAttribute('data-action', 'add');
    await expect(importPage.commitButton).toHaveText('Update 2 and add 1 item');

    // "Add all as new" checks every row as a new item: the mug row has no name or place
    await importPage.press(page.getByTestId('import-mode-add'));
    await expect(mugRow!).toHaveAttribute('data-action', 'error');
    await expect(importPage.errors.first()).toHaveText('Row 2: Missing item name');
    await expect(importPage.commitButton).toBeDisabled();

    // back to updating, by keyboard (arrow keys move within the radio group)
    await page.getByTestId('import-mode-add').focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByTestId('import-mode-update')).toBeChecked();
    await expect(importPage.errors).toHaveCount(0);
    await importPage.commit();
    await expect(importPage.complete).toContainText('1 item was imported, 2 items were updated');
    await expect(
      importPage.toast.filter({ hasText: '1 item was imported and 2 items were updated' }),
    ).toBeVisible();

    const items = await admin
      .from('storage_items')
      .select('item_name, quantity, sku, barcode, price_paid')
      .eq('account_id', seller.accountId)
      .order('created_at');
    expect(items.data).toEqual([
      {
        item_name: 'Blue mug',
        quantity: 7,
        sku: 'MUG-BLUE',
        barcode: '5012345678900',
        price_paid: 5.25,
      },
      { item_name: 'Teapot', quantity: 3, sku: null, barcode: 'TEA-1', price_paid: null },
      { item_name: 'Green mug', quantity: 1, sku: 'MUG-GREEN', barcode: null, price_paid: null },
    ]);

    // A file whose rows match one item twice is refused whole.
    await importPage.choose(
      'twice.csv',
      [HEADER, ',4,,,,,,MUG-BLUE,,', ',5,,,,,5012345678900,,,'].join('\n'),
    );
    await expect(importPage.errors).toHaveText(['Row 3: Matches the same item as row 2']);
    await expect(importPage.commitButton).toBeDisabled();
  });
});
