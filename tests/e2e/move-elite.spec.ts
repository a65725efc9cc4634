import { readMoveTiming, watchNextMove } from '../../bench/page-probes';
import { expect, signInContext, test } from './fixtures';
import { MovePage } from './pages/move-page';
import { createEliteSeller, db, ELITE } from './seed';

/**
 * Moves with 5000 items loaded. Timing is the bench's job (docs/performance.md); this checks the
 * move is right at that size and that the bench's timing of it (bench/page-probes.ts) is filled in.
 * It moves an item, so it has an Elite stockroom of its own (10 rooms × 2 isles × 5 units × 5
 * shelves, 10 items a shelf), not the shared one; it runs once, on the desktop.
 */
test('with 5000 items loaded a dragged item lands on its new shelf and is committed', async ({
  page,
  context,
  touch,
}, testInfo) => {
  test.setTimeout(90_000);
  const seller = await createEliteSeller('move-elite');
  const perShelf =
    ELITE.items / (ELITE.rooms * ELITE.islesPerRoom * ELITE.unitsPerIsle * ELITE.shelvesPerUnit);
  await db().query(`update public.user_preferences set drag_confirm = false where account_id = $1`, [
    seller.accountId,
  ]);
  // Shelves 1 and 2 of Room 1 › Isle 1 › A, and the last item shelf 1 lists (the oldest).
  const { rows: shelves } = await db().query<{ shelf_id: string; shelf_index: number }>(
    `select s.shelf_id, s.shelf_index
       from public.storage_shelves s
       join public.storage_units u on u.unit_id = s.unit_id
       join public.storage_isles i on i.isle_id = u.isle_id
       join public.storage_rooms r on r.room_id = i.room_id
      where s.account_id = $1 and r.room_name = 'Room 1' and i.isle_index = 1 and u.unit_name = 'A'
        and s.shelf_index in (1, 2)
      order by s.shelf_index`,
    [seller.accountId],
  );
  const from = shelves[0]!.shelf_id;
  const to = shelves[1]!.shelf_id;
  const { rows: items } = await db().query<{ item_id: string }>(
    `select item_id from public.storage_items where shelf_id = $1 order by created_at limit 1`,
    [from],
  );
  const itemId = items[0]!.item_id;

  await signInContext(context, seller);
  const move = new MovePage(page, touch);
  await move.goto();
  await expect(page.getByTestId('usage-items')).toContainText('5,000');
  // Room 1, the first, is open on a first visit.
  await expect(move.activeRoomTab).toHaveText('Room 1');

  // Rows are drawn as their shelf nears the screen.
  await move.shelfById(from).scrollIntoViewIfNeeded();
  const call = move.moveCall();
  await watchNextMove(page, itemId, to);
  await move.dragQuietly(move.grip(itemId), move.dropTarget(to));
  expect((await call).status()).toBe(200);
  const probe = await readMoveTiming(page);
  await expect(move.shelfById(to).locator(`[data-item-id="${itemId}"]`)).toHaveCount(1);
  await expect(move.shelfById(from).getByTestId('item')).toHaveCount(perShelf - 1);
  await expect(move.shelfById(to).getByTestId('item')).toHaveCount(perShelf + 1);
  expect(probe.paintedAt).not.toBeNull();
  testInfo.annotations.push({
    type: 'move timings (ms, informative)',
    description: `shown ${(probe.paintedAt! - probe.droppedAt).toFixed(1)}, committed ${(probe.committedAt! - probe.droppedAt).toFixed(1)}`,
  });
  const { rows: moved } = await db().query<{ shelf_id: string }>(
    `select shelf_id from public.storage_items where item_id = $1`,
    [itemId],
  );
  expect(moved[0]!.shelf_id).toBe(to);
});
