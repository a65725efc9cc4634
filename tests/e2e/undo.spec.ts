import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, test, type SellerAccount } from './fixtures';
import { LogsPage } from './pages/logs-page';
import { idsOf, MovePage } from './pages/move-page';
import { seedStorage, setDragConfirm, setPlan, type SeedRoom } from './seed';

// Garage: isle 1, unit A with shelves 1 (Hammer, Drill) and 2 (empty), unit B with shelf 1 (Saw).
const LAYOUT: SeedRoom[] = [
  {
    name: 'Garage',
    isles: [
      {
        index: 1,
        units: [
          { shelves: [[{ name: 'Hammer' }, { name: 'Drill' }], []] },
          { shelves: [[{ name: 'Saw' }]] },
        ],
      },
    ],
  },
];

async function shelfOf(admin: SupabaseClient, accountId: string, name: string): Promise<string> {
  const { data, error } = await admin
    .from('storage_items')
    .select('shelf_id')
    .eq('account_id', accountId)
    .eq('item_name', name)
    .single();
  if (error) throw error;
  return data.shelf_id as string;
}

/** The stockroom above (Confirm Move off), the inventory open on Garage. */
async function arrange(admin: SupabaseClient, seller: SellerAccount, move: MovePage) {
  await setPlan(seller.accountId, 'growing');
  const ids = idsOf(LAYOUT, await seedStorage(seller.accountId, LAYOUT));
  await setDragConfirm(seller.accountId, false);
  await move.goto();
  await move.press(move.roomTab('Garage'));
  return ids;
}

test.describe('Undo', () => {
  let move: MovePage;
  test.beforeEach(({ page, touch }) => {
    move = new MovePage(page, touch);
  });

  // The toast's targets are sized for a finger on the tablet: run on both projects.
  test(
    'a move is taken back from its toast (dragged by mouse, or by touch and tapped)',
    {
      tag: '@touch',
    },
    async ({ admin, seller }) => {
      const ids = await arrange(admin, seller, move);
      const from = ids.shelves['Garage/1/A/1']!;
      const target = ids.shelves['Garage/1/A/2']!;
      await expect(move.shelfById(from).getByTestId('item-name')).toHaveCount(2);
      // the shelf's order before the move, which the undo keeps (the items keep created_at)
      const order = await move.shelfById(from).getByTestId('item-name').allTextContents();
      const call = move.moveCall();
      await move.drag(move.gripOf('Hammer'), move.dropTarget(target));
      expect((await call).status()).toBe(200);
      await move.expectToast('Item Moved', 'Hammer was moved');
      const undo = move.page.getByTestId('toast-undo');
      // The offer outlasts the 3.5 s of other toasts: still there 4 s later, in reach.
      await move.page.waitForTimeout(4000);
      await expect(
        move.page.getByTestId('toast').filter({ hasText: 'Item Moved' }),
      ).toHaveAttribute('data-visible', 'true', { timeout: 100 });
      const box = await undo.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      // Its × is a full 44px target for a finger, and stays compact for a mouse.
      const close = await move.page
        .getByTestId('toast')
        .filter({ hasText: 'Item Moved' })
        .getByTestId('toast-close')
        .boundingBox();
      if (move.touch) expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(44);
      else expect(close!.width).toBeLessThan(44);
      const undone = move.page.waitForResponse((r) => r.url().includes('rpc/undo_change'));
      await move.press(undo);
      expect((await undone).status()).toBe(200);
      await expect(
        move.page.getByTestId('toast').filter({ hasText: 'Undone' }).getByTestId('toast-message'),
      ).toContainText('Undid: Moved 1 item to Garage');
      await expect(move.shelfById(from).getByTestId('item-name')).toHaveText(order);
      await expect(move.shelfById(target).getByTestId('item')).toHaveCount(0);
      expect(await shelfOf(admin, seller.accountId, 'Hammer')).toBe(from);
    },
  );

  test('a removed unit comes back with its shelf and items from the toast', async ({
    admin,
    seller,
  }) => {
    await arrange(admin, seller, move);
    await move.chooseAction(move.unit(1, 'B'), 'remove-unit');
    await move.confirm('rpc/remove_unit');
    await expect(move.item('Saw')).toHaveCount(0);
    await move.expectToast('Unit Removed', 'Unit B was removed with its shelves and items');
    // by keyboard: the Undo button is reachable and pressed with Enter
    await move.page.getByTestId('toast-undo').focus();
    await move.page.keyboard.press('Enter');
    await expect(move.page.getByTestId('toast').filter({ hasText: 'Undone' })).toBeVisible();
    await expect(move.item('Saw')).toBeVisible();
    await expect(move.shelves(1, 'B')).toHaveCount(1);
  });

  test('the Activity Log offers Undo, and says why when it is refused', async ({
    page,
    admin,
    seller,
  }) => {
    const ids = await arrange(admin, seller, move);
    const shelf1 = ids.shelves['Garage/1/A/1']!;
    const shelf2 = ids.shelves['Garage/1/A/2']!;
    // Two moves through the seller's own session: Drill to shelf 2, then Hammer to shelf 2.
    for (const name of ['Drill', 'Hammer']) {
      const call = move.moveCall();
      await move.drag(move.gripOf(name), move.dropTarget(shelf2));
      expect((await call).status()).toBe(200);
    }
    // Drill is then edited in the database (another device): its move can no longer be undone.
    await admin
      .from('storage_items')
      .update({ quantity: 4 })
      .eq('account_id', seller.accountId)
      .eq('item_name', 'Drill');

    const logs = new LogsPage(page, false);
    await logs.goto();
    await expect(logs.rows).toHaveCount(2);
    const undoButtons = page.getByTestId('logs-undo');
    // only the Hammer move is still undoable
    await expect(undoButtons).toHaveCount(1);
    await expect(logs.rows.first().getByTestId('logs-undo')).toBeVisible();
    await logs.press(logs.rows.first().getByTestId('logs-undo'));
    await expect(page.getByTestId('toast').filter({ hasText: 'Undone' })).toBeVisible();
    await expect(logs.rows).toHaveCount(3);
    await expect(logs.actions.first()).toHaveText('Undone');
    await expect(undoButtons).toHaveCount(0);
    expect(await shelfOf(admin, seller.accountId, 'Hammer')).toBe(shelf1);
  });

  test('a refused undo says what changed since and changes nothing', async ({
    page,
    admin,
    seller,
  }) => {
    const ids = await arrange(admin, seller, move);
    const shelf2 = ids.shelves['Garage/1/A/2']!;
    const call = move.moveCall();
    await move.drag(move.gripOf('Hammer'), move.dropTarget(shelf2));
    expect((await call).status()).toBe(200);

    const logs = new LogsPage(page, false);
    await logs.goto();
    await expect(page.getByTestId('logs-undo')).toHaveCount(1);
    // Meanwhile another device moves Hammer back onto shelf 1.
    await admin
      .from('storage_items')
      .update({ shelf_id: ids.shelves['Garage/1/A/1']! })
      .eq('account_id', seller.accountId)
      .eq('item_name', 'Hammer');
    await logs.press(page.getByTestId('logs-undo'));
    const toast = page.getByTestId('toast').filter({ hasText: 'Undo Failed' });
    await expect(toast.getByTestId('toast-message')).toHaveText(
      `Can't undo: "Hammer" was changed since.`,
    );
    await expect(page.getByTestId('logs-undo')).toHaveCount(0);
    expect(await shelfOf(admin, seller.accountId, 'Hammer')).toBe(ids.shelves['Garage/1/A/1']!);
  });
});
