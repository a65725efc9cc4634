import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import type { RunningStack } from '../local/stack.ts';
import { MovePage } from '../tests/e2e/pages/move-page.ts';
import { signIn } from './browser-figures.ts';
import { readMoveTiming, watchNextMove, type MoveTiming } from './page-probes.ts';
import { median, type Figure } from './report.ts';
import type { SeededSeller } from './seed-elite.ts';

/** Drags an item's grip onto a shelf with the mouse, the way the e2e suite does, and times it. */
async function dragOnce(page: Page, itemId: string, shelfId: string): Promise<MoveTiming> {
  const move = new MovePage(page, false);
  // The last moves' 'Item Moved' toasts stack up from the bottom right, over the shelves there.
  const toasts = page.getByTestId('toast');
  for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) {
    await close.click().catch(() => undefined); // it may be gone already
  }
  await toasts
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  // The grip in the middle of the window: near an edge the page would start scrolling under
  // the pointer (dnd-kit's auto-scroll) and the drag would measure that instead of the drop.
  await move.grip(itemId).evaluate((grip) => grip.scrollIntoView({ block: 'center' }));
  await watchNextMove(page, itemId, shelfId);
  await move.dragQuietly(move.grip(itemId), move.dropTarget(shelfId));
  return readMoveTiming(page);
}

/** Moves by drag with 5000 items loaded: optimistic paint and server commit, from the drop. */
export async function moveFigures(
  stack: RunningStack,
  seller: SeededSeller,
  browser: Browser,
): Promise<Figure[]> {
  const db = new pg.Client({ connectionString: stack.env.DB_URL });
  await db.connect();
  await db.query('update user_preferences set drag_confirm = false where account_id = $1', [
    seller.accountId,
  ]);
  // Shelf 1 of the first two units in the first room (the one the inventory opens): side by side
  // on screen, so the drag needs no scrolling. Items from the first.
  const { rows: shelves } = await db.query<{ shelf_id: string }>(
    `select s.shelf_id from storage_shelves s join storage_units u using (unit_id) join storage_isles i using (isle_id)
       join storage_rooms r using (room_id)
      where r.account_id = $1 and s.shelf_index = 1 order by r.room_index, i.isle_index, u.unit_index limit 2`,
    [seller.accountId],
  );
  const [a, b] = shelves;
  if (!a || !b) throw new Error('the seeded seller has too few shelves');
  const { rows: items } = await db.query<{ item_id: string }>(
    'select item_id from storage_items where shelf_id = $1 order by created_at desc limit 3',
    [a.shelf_id],
  );
  await db.end();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, stack.env.APP_URL, seller);
  await page.goto(`${stack.env.APP_URL}/dashboard/inventory`);
  await page.getByTestId('inventory-ready').waitFor();
  // Panels that fill in later (eBay listings, notifications) must not shift the shelves mid-drag.
  await page.waitForLoadState('networkidle');

  const painted: number[] = [];
  const committed: number[] = [];
  const sent: number[] = [];
  const answered: number[] = [];
  for (const item of items) {
    for (const [target] of [[b], [a]]) {
      const probe = await dragOnce(page, item.item_id, target!.shelf_id);
      if (probe.paintedAt !== null) painted.push(probe.paintedAt - probe.droppedAt);
      if (probe.committedAt !== null) committed.push(probe.committedAt - probe.droppedAt);
      if (probe.sentAt !== null && probe.committedAt !== null) {
        sent.push(probe.sentAt - probe.droppedAt);
        answered.push(probe.committedAt - probe.sentAt);
      }
    }
  }
  await context.close();
  if (painted.length === 0) throw new Error('no move was painted');
  const paint = median(painted);
  const commit = median(committed);
  return [
    {
      name: 'move by drag, drop to painted on new shelf',
      value: paint,
      unit: 'ms',
      against: `median of ${painted.length} mouse drags with 5000 items loaded (optimistic)`,
      budget: '< 50 ms',
      ok: paint < 50,
    },
    {
      name: 'move by drag, drop to committed',
      value: commit,
      unit: 'ms',
      against: `median of ${committed.length}: the end of the move_items answer through the gateway; drop to request sent ${median(sent).toFixed(1)} ms, request sent to answered ${median(answered).toFixed(1)} ms`,
      budget: '< 120 ms',
      ok: commit < 120,
    },
  ];
}
