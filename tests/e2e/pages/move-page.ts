import { expect, type CDPSession, type Locator } from '@playwright/test';
import type { SeededRoom, SeedRoom } from '../seed';
import { InventoryPage, restResponse } from './inventory-page';

interface Point {
  x: number;
  y: number;
}

async function centre(target: Locator): Promise<Point> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('target is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drag and drop on the inventory: the desktop project drags with the mouse, the tablet project
 * with real touch events (a press held past the 300 ms activation delay, then a move).
 */
export class MovePage extends InventoryPage {
  private cdp: CDPSession | null = null;

  get preview(): Locator {
    return this.page.getByTestId('move-preview');
  }
  get confirmMove(): Locator {
    return this.page.getByTestId('confirm-move');
  }
  /** The drag grip of an item, by id (the bench's selector) or by name. */
  grip(itemId: string): Locator {
    return this.page.getByTestId(`item-${itemId}`);
  }
  gripOf(name: string): Locator {
    return this.item(name).getByRole('button', { name: `Move ${name}`, exact: true });
  }
  dropTarget(shelfId: string): Locator {
    return this.page.getByTestId(`shelf-${shelfId}`);
  }
  shelfById(shelfId: string): Locator {
    return this.page.locator(`[data-testid="shelf"][data-shelf-id="${shelfId}"]`);
  }
  async select(name: string): Promise<void> {
    await this.press(this.item(name).getByTestId('item-select'));
  }

  /** Picks `source` up: mouse down and 20 px (past the 15 px distance), or a held touch. */
  private async pickUp(source: Locator): Promise<Point> {
    const from = await centre(source);
    if (this.touch) {
      this.cdp ??= await this.page.context().newCDPSession(this.page);
      await this.cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: from.x, y: from.y }],
      });
      // Held still: the drag starts once the 300 ms delay has passed, shown by the preview.
      await expect(this.preview).toBeVisible();
    } else {
      await this.page.mouse.move(from.x, from.y);
      await this.page.mouse.down();
      await this.page.mouse.move(from.x + 20, from.y + 20, { steps: 4 });
      await expect(this.preview).toBeVisible();
    }
    return from;
  }

  private async moveTo(from: Point, to: Point): Promise<void> {
    const steps = 10;
    for (let i = 1; i <= steps; i += 1) {
      const x = from.x + ((to.x - from.x) * i) / steps;
      const y = from.y + ((to.y - from.y) * i) / steps;
      if (this.touch) {
        await this.cdp!.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x, y }],
        });
      } else {
        await this.page.mouse.move(x, y);
      }
    }
  }

  private async release(): Promise<void> {
    if (this.touch)
      await this.cdp!.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    else await this.page.mouse.up();
  }

  /** Drags `source` and drops it on `target`. */
  async drag(source: Locator, target: Locator): Promise<void> {
    await this.dragWhile(source, target, async () => {});
  }

  /** Drags `source` over `target`, runs `during` while it is held there, then drops. */
  async dragWhile(source: Locator, target: Locator, during: () => Promise<void>): Promise<void> {
    await this.bothInView(source, target);
    const from = await this.pickUp(source);
    await this.settleOn(target, from);
    await during();
    await this.release();
    await expect(this.preview).toBeHidden();
  }

  /** Drags and drops without looking at the page meanwhile (the bench-like timing run). */
  async dragQuietly(source: Locator, target: Locator): Promise<void> {
    await this.bothInView(source, target);
    const from = await this.pickUp(source);
    await this.settleOn(target, from);
    await this.release();
  }

  /** Scrolls so the drop target and then the source are on screen before a drag starts. */
  private async bothInView(source: Locator, target: Locator): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    await source.scrollIntoViewIfNeeded();
  }

  /**
   * Answers 'Confirm Move'. dnd-kit swallows clicks for 50 ms after a drop (so the release does
   * not click what is under it); a test is faster than a hand, so it presses until answered.
   */
  async answer(button: 'Cancel' | 'Confirm'): Promise<void> {
    await expect(this.confirmMove).toBeVisible();
    await expect(async () => {
      if (await this.confirmMove.isVisible())
        await this.press(this.confirmMove.getByRole('button', { name: button, exact: true }));
      await expect(this.confirmMove).toBeHidden({ timeout: 500 });
    }).toPass();
  }

  /**
   * Moves the held pointer onto `target` (near its top, clear of the bottom edge) and follows it
   * while the page auto-scrolls near an edge, until it stays put under the pointer.
   */
  private async settleOn(target: Locator, from: Point): Promise<void> {
    let at = from;
    for (let i = 0; i < 8; i += 1) {
      const box = await target.boundingBox();
      if (!box) throw new Error('drop target is not on the page');
      const to = { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 40) };
      if (Math.abs(to.x - at.x) < 1 && Math.abs(to.y - at.y) < 1) return;
      await this.moveTo(at, to);
      at = to;
    }
  }

  /** Drags `source` over the tab of `room`, waits for that room to open, drops on `target()`. */
  async dragThroughRoom(source: Locator, room: string, target: () => Locator): Promise<void> {
    // Both on screen before the drag starts: a scroll in the middle of a drag would be the
    // test's doing, not the seller's.
    await this.roomTab(room).scrollIntoViewIfNeeded();
    await source.scrollIntoViewIfNeeded();
    await expect(this.roomTab(room)).toBeInViewport();
    let tab = await centre(this.roomTab(room));
    const from = await this.pickUp(source);
    await this.moveTo(from, tab);
    // Near the top edge the page scrolls itself (auto-scroll) and the tab moves under the
    // pointer: follow it, as a seller's hand does, and rest there until the room opens.
    await expect(async () => {
      const box = (await this.roomTab(room).boundingBox())!;
      const now = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await this.moveTo(tab, now);
      tab = now;
      await expect(this.activeRoomTab).toHaveText(room, { timeout: 1500 });
    }).toPass();
    await this.settleOn(target(), tab);
    await this.release();
    await expect(this.preview).toBeHidden();
  }

  /** Waits for the next move_items call. */
  moveCall() {
    return restResponse(this.page, 'rpc/move_items');
  }
}

/**
 * Shelf ids by 'Room/isle/unit/shelf' and item ids by name of a stockroom made with seed.ts's
 * seedStorage (without asking the server): the layout it was given
 * and what it returned.
 */
export function idsOf(
  layout: readonly SeedRoom[],
  rooms: readonly SeededRoom[],
): {
  shelves: Record<string, string>;
  items: Record<string, { item_id: string; shelf_id: string }>;
} {
  const shelves: Record<string, string> = {};
  const items: Record<string, { item_id: string; shelf_id: string }> = {};
  layout.forEach((room, r) =>
    room.isles.forEach((isle, i) =>
      isle.units.forEach((unit, u) =>
        unit.shelves.forEach((shelfItems, s) => {
          const seeded = rooms[r]!.isles[i]!.units[u]!;
          const shelf = seeded.shelves[s]!;
          shelves[`${room.name}/${isle.index}/${seeded.name}/${shelf.index}`] = shelf.id;
          shelfItems.forEach((item, n) => {
            items[item.name] = { item_id: shelf.itemIds[n]!, shelf_id: shelf.id };
          });
        }),
      ),
    ),
  );
  return { shelves, items };
}
