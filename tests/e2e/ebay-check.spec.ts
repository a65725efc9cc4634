import { expect, test } from './fixtures';
import { InventoryPage } from './pages/inventory-page';
import { db, seedShelf, setPlan } from './seed';

// Issue #41: eBay against the shelves lists a listing on no shelf and an order line not picked,
// and their actions (Place on shelf, Pick) work.

test('the eBay check lists a listing on no shelf and an unpicked order line; place and pick', async ({
  page,
  seller,
  touch,
}) => {
  test.setTimeout(90_000);
  await setPlan(seller.accountId, 'elite');
  const { itemIds } = await seedShelf(seller.accountId, [
    { name: 'Blue mug', quantity: 5, sku: 'MUG' },
  ]);
  await db().query(
    `insert into public.ebay_processed_listings (account_id, listing_id, title, sku, quantity)
     values ($1, 'L-lamp', 'Brass lamp', 'LAMP', 1)`,
    [seller.accountId],
  );
  await db().query(
    `insert into public.ebay_orders (account_id, order_id, status, created_on_ebay)
     values ($1, '12-345', 'NOT_STARTED', now() - interval '5 days')`,
    [seller.accountId],
  );
  await db().query(
    `insert into public.ebay_order_lines (account_id, order_id, line_item_id, sku, title, quantity)
     values ($1, '12-345', 'LI-1', 'MUG', 'Blue mug', 2)`,
    [seller.accountId],
  );
  const ui = new InventoryPage(page, touch);
  await page.goto('/dashboard/ebay-check');
  const listing = page.getByTestId('ebay-check-listing');
  const line = page.getByTestId('ebay-check-line');
  await expect(listing).toHaveCount(1, { timeout: 30_000 });
  await expect(listing).toContainText('Brass lamp');
  await expect(line).toContainText('2 × Blue mug');
  await expect(line).toContainText('Garage › Isle 1 › Unit A › Shelf 1');

  await ui.press(line.getByRole('button', { name: 'Pick Blue mug for order 12-345' }));
  await expect(ui.toastTitled('Picked')).toBeVisible();
  await expect(line).toHaveCount(0);
  const { rows } = await db().query(
    'select quantity from public.storage_items where item_id = $1',
    [itemIds[0]],
  );
  expect(rows[0].quantity).toBe(3);

  await ui.press(listing.getByRole('button', { name: 'Place Brass lamp on a shelf' }));
  await ui.press(page.getByTestId('place-listing-confirm'));
  await expect(listing).toHaveCount(0);
  await expect(page.getByTestId('ebay-check-listings-empty')).toBeVisible();
  const placed = await db().query(
    `select shelf_id is not null as shelved from public.storage_items where account_id = $1 and sku = 'LAMP'`,
    [seller.accountId],
  );
  expect(placed.rows).toEqual([{ shelved: true }]);
});
