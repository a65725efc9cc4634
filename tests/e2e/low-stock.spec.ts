import { expect, test } from './fixtures';
import { NotificationsPanel } from './pages/notifications-panel';
import { ProductsPage } from './pages/products-page';
import { seedShelf } from './seed';

// Issue #25, point 5: an optional reorder level per item, the Low Stock screen (items at 0 and
// at or below their level, worst first, with where they sit) and the bell counting them.

test.describe('low and out of stock', () => {
  test.setTimeout(90_000);

  test('the bell counts low and empty items and leads to the Low Stock screen, worst first', async ({
    page,
    seller,
    dashboard,
    touch,
  }) => {
    await seedShelf(seller.accountId, [
      { name: 'Packing tape', quantity: 5, reorder_level: 2 },
      { name: 'Bubble wrap', quantity: 2, reorder_level: 3 },
      { name: 'Mailers', quantity: 0 },
      { name: 'Labels', quantity: 9 },
    ]);
    const bell = new NotificationsPanel(page, touch);
    const lowItems = bell.panel.getByTestId('low-stock-notification');

    await dashboard.goto('inventory');
    await expect(bell.count).toHaveText('2');
    await bell.open();
    await expect(lowItems).toHaveText([
      /Mailers is out of stock/,
      /Bubble wrap is low: 2 left \(reorder at 3\)/,
    ]);
    await bell.press(lowItems.getByRole('link', { name: 'Mailers is out of stock' }));

    await expect(page).toHaveURL(/\/dashboard\/low-stock$/);
    await expect(dashboard.heading('Low Stock')).toBeVisible();
    await expect(bell.panel).toHaveCount(0);
    const rows = page.getByTestId('low-stock-row');
    await expect(rows.getByTestId('low-stock-name')).toHaveText(['Mailers', 'Bubble wrap']);
    await expect(rows.first()).toHaveAttribute('data-state', 'out');
    await expect(rows.first()).toContainText('Out of stock');
    await expect(rows.getByTestId('low-stock-location')).toHaveText([
      'Garage › Isle 1 › A › Shelf 1',
      'Garage › Isle 1 › A › Shelf 1',
    ]);
    await expect(page.getByTestId('low-stock-count')).toHaveText('1 out of stock, 1 low');

    // Restocking from the screen takes the row off at once; the bell agrees when next opened.
    await dashboard.press(rows.nth(1).getByRole('button', { name: 'Edit Bubble wrap' }));
    const dialog = page.getByTestId('item-dialog');
    await dialog.getByTestId('item-quantity').fill('12');
    await dashboard.press(dialog.getByTestId('item-dialog-submit'));
    await expect(rows.getByTestId('low-stock-name')).toHaveText(['Mailers']);
    await bell.open();
    await expect(lowItems).toHaveText([/Mailers is out of stock/]);
    await expect(bell.count).toHaveText('1');
  });

  test('a reorder level is set in the item dialog; bad input is named and loses nothing', async ({
    page,
    admin,
    seller,
    dashboard,
    touch,
  }) => {
    await seedShelf(seller.accountId, [{ name: 'Packing tape', quantity: 4 }]);
    const products = new ProductsPage(page, touch);
    await dashboard.goto('low-stock');
    await expect(page.getByTestId('low-stock-empty')).toBeVisible();

    await dashboard.open('Products');
    await expect(products.ready).toBeVisible();
    await products.press(
      products.row('Packing tape').getByRole('button', { name: 'Edit Packing tape' }),
    );
    const dialog = page.getByTestId('item-dialog');
    const level = dialog.getByRole('textbox', { name: 'Reorder level' });
    await level.fill('lots');
    await products.press(dialog.getByTestId('item-dialog-submit'));
    await expect(dialog.getByRole('alert')).toHaveText(
      'Enter a whole number from 0 to 1,000,000, or leave it empty',
    );
    await expect(level).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByTestId('item-quantity')).toHaveValue('4');

    const saved = page.waitForResponse(
      (response) => response.url().includes('/rpc/update_item') && response.ok(),
    );
    await level.fill('5');
    await products.press(dialog.getByTestId('item-dialog-submit'));
    await saved;
    await expect(dialog).toHaveCount(0);

    const stored = await admin
      .from('storage_items')
      .select('reorder_level')
      .eq('account_id', seller.accountId)
      .single();
    expect(stored.data).toEqual({ reorder_level: 5 });

    await dashboard.open('Low Stock');
    const rows = page.getByTestId('low-stock-row');
    await expect(rows.getByTestId('low-stock-name')).toHaveText(['Packing tape']);
    await expect(rows.first()).toHaveAttribute('data-state', 'low');
    await expect(rows.first()).toContainText('Low');
  });
});
