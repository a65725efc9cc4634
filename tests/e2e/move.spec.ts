import { SANDBOX_LISTINGS } from '../../local/sandboxes/ebay-catalogue';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, test, type SellerAccount } from './fixtures';
import { EbayPage } from './pages/ebay-page';
import { readMoveTiming, watchNextMove } from '../../bench/page-probes';
import { idsOf, MovePage } from './pages/move-page';
import { seedStorage, setDragConfirm, setPlan, type SeedRoom } from './seed';

// Garage: isle 1, unit A with shelves 1 (three items) and 2 (empty); Loft: isle 1, unit A, shelf 1.
const LAYOUT: SeedRoom[] = [
  {
    name: 'Garage',
    isles: [
      {
        index: 1,
        units: [{ shelves: [[{ name: 'Hammer' }, { name: 'Drill' }, { name: 'Spanner' }], []] }],
      },
    ],
  },
  { name: 'Loft', isles: [{ index: 1, units: [{ shelves: [[]] }] }] },
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

async function moveLogs(admin: SupabaseClient, accountId: string): Promise<string[]> {
  const { data, error } = await admin
    .from('storage_logs')
    .select('details')
    .eq('account_id', accountId)
    .eq('action', 'move_item');
  if (error) throw error;
  return data.map((row) => row.details as string);
}

/** The stockroom above, Confirm Move on or off; `open`: the inventory is opened on Garage. */
async function arrange(
  admin: SupabaseClient,
  seller: SellerAccount,
  move: MovePage,
  dragConfirm: boolean,
  open = true,
) {
  // Growing Seller: two rooms, and the eBay listings panel on the inventory.
  await setPlan(seller.accountId, 'growing');
  const ids = idsOf(LAYOUT, await seedStorage(seller.accountId, LAYOUT));
  await setDragConfirm(seller.accountId, dragConfirm);
  if (open) await openGarage(move);
  return ids;
}

async function openGarage(move: MovePage): Promise<void> {
  await move.goto();
  await move.press(move.roomTab('Garage'));
}

test.describe('Moving stock by drag and drop', () => {
  let move: MovePage;
  test.beforeEach(({ page, touch }) => {
    move = new MovePage(page, touch);
  });

  // Touch drag (a held press, then a move) is the tablet's own gesture: this and the other
  // @touch tests run on both projects.
  test(
    'one item onto another shelf, at once when Confirm Move is off',
    { tag: '@touch' },
    async ({ page, admin, seller }) => {
      const ids = await arrange(admin, seller, move, false);
      const target = ids.shelves['Garage/1/A/2']!;
      const hammer = ids.items['Hammer']!.item_id;

      const call = move.moveCall();
      await watchNextMove(page, hammer, target);
      await move.dragWhile(move.grip(hammer), move.dropTarget(target), async () => {
        await expect(move.page.getByTestId('move-preview-title')).toHaveText('Moving 1 item(s)');
        await expect(move.page.getByTestId('move-preview-name')).toHaveText('Hammer');
        await expect(move.page.getByTestId('move-preview-more')).toHaveCount(0);
        await expect(move.dropTarget(target)).toHaveAttribute('data-drop-over', 'true');
      });
      expect((await call).status()).toBe(200);
      await expect(move.shelfById(target).getByTestId('item-name')).toHaveText(['Hammer']);
      await expect(move.confirmMove).toBeHidden();
      await move.expectToast('Item Moved', 'Hammer was moved');
      expect(await shelfOf(admin, seller.accountId, 'Hammer')).toBe(target);
      expect(await moveLogs(admin, seller.accountId)).toHaveLength(1);
      // The bench's timing of the same drag, read from outside the app, is filled in.
      const timing = await readMoveTiming(page);
      expect(timing.paintedAt).toBeGreaterThanOrEqual(timing.droppedAt);
      expect(timing.committedAt).toBeGreaterThanOrEqual(timing.droppedAt);
    },
  );

  test(
    'several selected items move together after Confirm Move',
    { tag: '@touch' },
    async ({ admin, seller }) => {
      const ids = await arrange(admin, seller, move, true);
      const target = ids.shelves['Garage/1/A/2']!;
      await move.select('Drill');
      await move.select('Hammer');
      await expect(move.page.getByTestId('move-selection-count')).toContainText('2 selected');

      await move.drag(move.gripOf('Drill'), move.dropTarget(target));
      await expect(move.confirmMove).toBeVisible();
      await expect(move.confirmMove).toContainText('Confirm Move');
      await expect(move.confirmMove).toContainText(
        'Are you sure you want to move these 2 items to this location?',
      );
      // Nothing has moved while the question is open.
      await expect(move.shelfById(target).getByTestId('item')).toHaveCount(0);
      const call = move.moveCall();
      await move.answer('Confirm');
      expect((await call).status()).toBe(200);
      await expect(move.shelfById(target).getByTestId('item-name')).toHaveText(['Drill', 'Hammer']);
      await expect(
        move.shelfById(ids.shelves['Garage/1/A/1']!).getByTestId('item-name'),
      ).toHaveText(['Spanner']);
      await move.expectToast('Item Moved', '2 items were moved');
      expect(await shelfOf(admin, seller.accountId, 'Hammer')).toBe(target);
      expect(await shelfOf(admin, seller.accountId, 'Drill')).toBe(target);
      await expect(move.page.getByTestId('move-selection-count')).toHaveCount(0);
    },
  );

  test('nothing moves unless it should: a drop on its own shelf, Cancel in Confirm Move, a preview', async ({
    page,
    admin,
    seller,
  }) => {
    const ids = await arrange(admin, seller, move, true);
    const home = ids.shelves['Garage/1/A/1']!;
    const shelf2 = ids.shelves['Garage/1/A/2']!;
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rpc/move_items')) calls.push(r.url());
    });

    await test.step('dropping on the same shelf does nothing', async () => {
      await move.drag(move.gripOf('Hammer'), move.dropTarget(home));
      await expect(move.confirmMove).toBeHidden();
      await expect(move.shelfById(home).getByTestId('item-name')).toHaveText([
        'Spanner',
        'Drill',
        'Hammer',
      ]);
      expect(calls).toEqual([]);
      expect(await moveLogs(admin, seller.accountId)).toEqual([]);
    });

    await test.step('Cancel in Confirm Move leaves everything in place', async () => {
      await move.drag(move.gripOf('Hammer'), move.dropTarget(shelf2));
      await expect(move.confirmMove).toBeVisible();
      await move.answer('Cancel');
      await expect(move.shelfById(home).getByTestId('item-name')).toHaveText([
        'Spanner',
        'Drill',
        'Hammer',
      ]);
      await expect(move.shelfById(shelf2).getByTestId('item')).toHaveCount(0);
      expect(calls).toEqual([]);
      expect(await shelfOf(admin, seller.accountId, 'Hammer')).toBe(home);
      expect(await moveLogs(admin, seller.accountId)).toEqual([]);
    });

    await test.step('the preview reads Moving N item(s) with the first name and +N more', async () => {
      await move.select('Spanner');
      await move.select('Drill');
      await move.select('Hammer');
      await move.dragWhile(move.gripOf('Drill'), move.dropTarget(home), async () => {
        await expect(move.page.getByTestId('move-preview-title')).toHaveText('Moving 3 item(s)');
        await expect(move.page.getByTestId('move-preview-name')).toHaveText('Spanner');
        await expect(move.page.getByTestId('move-preview-more')).toHaveText('+2 more');
      });
    });
  });

  test(
    'to a shelf in another room: the room opens, then the drop',
    { tag: '@touch' },
    async ({ admin, seller }) => {
      const ids = await arrange(admin, seller, move, false);
      const loft = ids.shelves['Loft/1/A/1']!;
      const call = move.moveCall();
      await move.dragThroughRoom(move.gripOf('Spanner'), 'Loft', () => move.dropTarget(loft));
      expect((await call).status()).toBe(200);
      await expect(move.activeRoomTab).toHaveText('Loft');
      await expect(move.shelfById(loft).getByTestId('item-name')).toHaveText(['Spanner']);
      expect(await shelfOf(admin, seller.accountId, 'Spanner')).toBe(loft);
      await move.press(move.roomTab('Garage'));
      await expect(
        move.shelfById(ids.shelves['Garage/1/A/1']!).getByTestId('item-name'),
      ).toHaveText(['Drill', 'Hammer']);
    },
  );

  test('with the keyboard: Space picks up, arrows choose a shelf or a room tab, Space drops, Enter confirms', async ({
    page,
    admin,
    seller,
  }) => {
    const ids = await arrange(admin, seller, move, true);

    await test.step('onto the shelf below, confirmed from the keyboard', async () => {
      const target = ids.shelves['Garage/1/A/2']!;
      await move.gripOf('Hammer').focus();
      await page.keyboard.press('Space');
      await expect(move.preview).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(move.shelfById(target)).toHaveAttribute('aria-label', /Shelf 2/);
      await expect(move.dropTarget(target)).toHaveAttribute('data-drop-over', 'true');
      await page.keyboard.press('Space');
      await expect(move.confirmMove).toBeVisible();
      // The product's question, then what moves where; Confirm has focus, so Enter moves.
      await expect(move.confirmMove).toContainText(
        'Are you sure you want to move this item to this location?',
      );
      await expect(move.confirmMove.getByTestId('confirm-move-what')).toHaveText(
        'Move Hammer to Garage › Isle 1 › A › Shelf 2.',
      );
      await expect(move.confirmMove.getByTestId('confirm-move-confirm')).toBeFocused();
      const call = move.moveCall();
      await page.keyboard.press('Enter');
      expect((await call).status()).toBe(200);
      await expect(move.shelfById(target).getByTestId('item-name')).toHaveText(['Hammer']);
      expect(await shelfOf(admin, seller.accountId, 'Hammer')).toBe(target);
      // Focus is back on the moved item, for the next keyboard move.
      await expect(move.gripOf('Hammer')).toBeFocused();
    });

    await test.step('dropped on a room tab, the room opens and a shelf there takes the items', async () => {
      const loft = ids.shelves['Loft/1/A/1']!;
      // Up from shelf 1 reaches the room tabs above it (Loft is the nearer one).
      await move.gripOf('Drill').focus();
      await page.keyboard.press('Space');
      await expect(move.preview).toBeVisible();
      await page.keyboard.press('ArrowUp');
      await expect(move.roomTab('Loft')).toHaveAttribute('data-drop-over', 'true');
      await page.keyboard.press('Space');
      await expect(move.activeRoomTab).toHaveText('Loft');
      await expect(page.getByTestId('move-carry')).toContainText('Moving 1 item(s), Drill');
      await move.press(move.shelfById(loft).getByTestId('move-here'));
      await expect(move.confirmMove).toBeVisible();
      const call = move.moveCall();
      await move.answer('Confirm');
      expect((await call).status()).toBe(200);
      await expect(move.shelfById(loft).getByTestId('item-name')).toHaveText(['Drill']);
      await expect(page.getByTestId('move-carry')).toHaveCount(0);
      expect(await shelfOf(admin, seller.accountId, 'Drill')).toBe(loft);
    });
  });

  test(
    'a quick swipe (touch) or a nudge under 15 px (mouse) picks nothing up',
    { tag: '@touch' },
    async ({ page, admin, seller, touch }) => {
      const ids = await arrange(admin, seller, move, false);
      const grip = move.gripOf('Hammer');
      await grip.scrollIntoViewIfNeeded();
      const box = (await grip.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      if (touch) {
        // Moving past the 5 px tolerance before the 300 ms delay is a scroll, not a drag.
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x, y: y + 40 }],
        });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      } else {
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x + 10, y, { steps: 5 });
        await expect(move.preview).toHaveCount(0);
        await page.mouse.up();
      }
      await expect(move.preview).toHaveCount(0);
      await expect(
        move.shelfById(ids.shelves['Garage/1/A/1']!).getByTestId('item-name'),
      ).toHaveText(['Spanner', 'Drill', 'Hammer']);
      // The full gesture (held press, or past 15 px) does carry the item.
      await move.drag(grip, move.dropTarget(ids.shelves['Garage/1/A/2']!));
      await expect(
        move.shelfById(ids.shelves['Garage/1/A/2']!).getByTestId('item-name'),
      ).toHaveText(['Hammer']);
    },
  );

  test('a move the server refuses is rolled back, and a reload shows the same', async ({
    page,
    admin,
    seller,
  }) => {
    // This screen must not hear of the other tab's change (live updates would remove the shelf).
    await page.routeWebSocket(/\/realtime\/v1\/websocket/, () => {});
    const ids = await arrange(admin, seller, move, false);
    const home = ids.shelves['Garage/1/A/1']!;
    const gone = ids.shelves['Garage/1/A/2']!;
    // Another tab removes the target shelf after this page has loaded.
    const { error } = await admin.from('storage_shelves').delete().eq('shelf_id', gone);
    expect(error).toBeNull();

    const call = move.moveCall();
    await move.drag(move.gripOf('Hammer'), move.dropTarget(gone));
    expect((await call).status()).toBeGreaterThanOrEqual(400);
    await move.expectToast('Move Failed', 'Failed to update item location');
    await expect(move.shelfById(home).getByTestId('item-name')).toHaveText([
      'Spanner',
      'Drill',
      'Hammer',
    ]);
    expect(await shelfOf(admin, seller.accountId, 'Hammer')).toBe(home);

    await page.reload();
    await expect(move.ready).toBeVisible();
    await expect(move.shelfById(home).getByTestId('item-name')).toHaveText([
      'Spanner',
      'Drill',
      'Hammer',
    ]);
    await expect(move.shelfById(gone)).toHaveCount(0);
    expect(await moveLogs(admin, seller.accountId)).toEqual([]);
  });

  test('an eBay listing dragged onto a shelf becomes an item there and leaves the list', async ({
    page,
    admin,
    seller,
    touch,
  }) => {
    const ids = await arrange(admin, seller, move, false, false);
    const ebay = new EbayPage(page, touch);
    await ebay.connect();
    await openGarage(move);
    await ebay.openListings();
    await expect(ebay.listings).toHaveCount(SANDBOX_LISTINGS.length);
    const listing = SANDBOX_LISTINGS[1]!;
    const target = ids.shelves['Garage/1/A/2']!;

    const placed = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/place_listing'));
    await move.drag(
      ebay
        .listing(listing.title)
        .getByRole('button', { name: `Drag ${listing.title} onto a shelf` }),
      move.dropTarget(target),
    );
    expect((await placed).status()).toBe(200);
    await expect(move.shelfById(target).getByTestId('item-name')).toHaveText([listing.title]);
    await expect(ebay.listing(listing.title)).toHaveCount(0);
    await expect(ebay.listings).toHaveCount(SANDBOX_LISTINGS.length - 1);
    const { data } = await admin
      .from('ebay_processed_listings')
      .select('display')
      .eq('account_id', seller.accountId)
      .eq('title', listing.title)
      .single();
    expect(data?.display).toBe(false);
  });
});
