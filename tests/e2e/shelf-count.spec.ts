import { expect, test } from './fixtures';
import { InventoryPage } from './pages/inventory-page';
import { db, seedStorage } from './seed';

// Issue #41: count a shelf from its menu, by scan, by + and by name; the differences are shown,
// applied in one step, and taken back with Undo.

/** Each item's shelf index and quantity, as the database holds them. */
async function stock(accountId: string): Promise<Record<string, string>> {
  const { rows } = await db().query<{ item_name: string; shelf_index: number; quantity: number }>(
    `select it.item_name, s.shelf_index, it.quantity from public.storage_items it
       join public.storage_shelves s on s.shelf_id = it.shelf_id
      where it.account_id = $1`,
    [accountId],
  );
  return Object.fromEntries(
    rows.map((row) => [row.item_name, `shelf ${row.shelf_index} × ${row.quantity}`]),
  );
}

test('count a shelf: one missing, one from another shelf, one quantity off; apply, then Undo', async ({
  page,
  seller,
  touch,
}) => {
  test.setTimeout(90_000);
  const [room] = await seedStorage(seller.accountId, [
    {
      name: 'Garage',
      isles: [
        {
          index: 1,
          units: [
            {
              name: 'A',
              shelves: [
                [
                  { name: 'Hammer', quantity: 1, barcode: '4006381333931' },
                  { name: 'Tape', quantity: 3 },
                  { name: 'Gloves', quantity: 2 },
                ],
                [{ name: 'Drill', quantity: 1 }],
              ],
            },
          ],
        },
      ],
    },
  ]);
  const shelfId = room!.isles[0]!.units[0]!.shelves[0]!.id;
  const before = await stock(seller.accountId);
  const inventory = new InventoryPage(page, touch);
  await inventory.goto();

  await inventory.chooseAction(inventory.shelf(1, 'A', 1), 'count-shelf');
  await expect(page).toHaveURL(new RegExp(`/dashboard/count\\?shelf=${shelfId}$`));
  const screen = page.getByTestId('count-shelf');
  await expect(screen.getByTestId('count-where')).toHaveText('Garage › Isle 1 › A › Shelf 1');
  const row = (name: string) =>
    screen.getByTestId('count-row').filter({ has: page.getByText(name, { exact: true }) });

  // Hammer by its code (a scanner types it and presses Enter), Tape by + twice of its 3.
  await screen.getByTestId('count-code').fill('4006381333931');
  await screen.getByTestId('count-code').press('Enter');
  await expect(row('Hammer')).toHaveAttribute('data-state', 'ok');
  await inventory.press(row('Tape').getByRole('button', { name: 'One more Tape' }));
  await inventory.press(row('Tape').getByRole('button', { name: 'One more Tape' }));
  await expect(row('Tape').getByTestId('count-found')).toHaveText('2');
  await expect(row('Tape')).toHaveAttribute('data-state', 'quantity');
  await expect(row('Gloves')).toHaveAttribute('data-state', 'missing');
  // The Drill turns up here, found by name: the screen says where the database had it.
  await screen.getByTestId('count-search').fill('dri');
  await inventory.press(screen.getByTestId('count-hit').filter({ hasText: 'Drill' }));
  await expect(row('Drill')).toHaveAttribute('data-state', 'unexpected');
  await expect(row('Drill').getByTestId('count-from')).toHaveText(
    'was on Garage › Isle 1 › A › Shelf 2 — Move here',
  );
  await expect(screen.getByTestId('count-summary')).toHaveText(
    '1 missing, 1 to move here, 1 quantity off',
  );

  await inventory.press(screen.getByTestId('count-apply'));
  const confirm = page.getByTestId('count-confirm');
  await expect(confirm).toContainText(
    '1 missing item goes to 0 and stays on the shelf. 1 item from elsewhere moves here. 1 quantity is set to what you counted.',
  );
  await inventory.press(confirm.getByRole('button', { name: 'Apply count' }));
  await expect(inventory.toastTitled('Count Applied')).toContainText(
    'Garage › Isle 1 › A › Shelf 1: 1 missing, 1 to move here, 1 quantity off',
  );
  await expect(page).toHaveURL(/\/dashboard\/count$/);
  expect(await stock(seller.accountId)).toEqual({
    Hammer: 'shelf 1 × 1',
    Tape: 'shelf 1 × 2',
    Gloves: 'shelf 1 × 0',
    Drill: 'shelf 1 × 1',
  });
  // Counted now: only shelf 2 is left to count.
  await expect(page.getByTestId('not-counted-row')).toHaveCount(1);
  await expect(page.getByTestId('not-counted-row')).toContainText('Shelf 2');

  await inventory.press(page.getByTestId('toast-undo'));
  await expect(inventory.toastTitled('Undone')).toBeVisible();
  await expect.poll(() => stock(seller.accountId)).toEqual(before);
});
