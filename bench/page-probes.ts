import type { Page } from '@playwright/test';

/**
 * What the bench (and the e2e tests that check it can) reads inside the app's pages, from
 * outside the app: no product code knows it is being timed.
 */

/** One move by drag, on the page's own clock (performance.now()). */
export interface MoveTiming {
  /** When the page handles the pointer's release over the shelf (ahead of the app). */
  droppedAt: number;
  /** The first frame that shows the item on its new shelf. */
  paintedAt: number | null;
  /** The end of the move_items request's answer. */
  committedAt: number | null;
  /** When the page started the move_items request (its fetch). */
  sentAt: number | null;
}

/**
 * Watches the next drop of `itemId` onto `shelfId`: a capturing listener notes the release ahead
 * of the app's own, each frame after it looks for the item on the shelf, and the browser's
 * resource timing gives the end of the move_items answer. A string, not a function: tsx would
 * wrap named arrows in a helper the page does not have.
 */
export async function watchNextMove(page: Page, itemId: string, shelfId: string): Promise<void> {
  const selector = `[data-shelf-id="${shelfId}"] [data-item-id="${itemId}"]`;
  await page.evaluate(`(() => {
    const timing = { droppedAt: null, paintedAt: null, committedAt: null, sentAt: null };
    window.__moveTiming = timing;
    const onRelease = () => {
      if (timing.droppedAt !== null) return;
      timing.droppedAt = performance.now();
      for (const type of ['pointerup', 'mouseup', 'touchend']) window.removeEventListener(type, onRelease, true);
      let frames = 0;
      const look = () => {
        if (document.querySelector(${JSON.stringify(selector)})) timing.paintedAt = performance.now();
        else if (++frames < 240) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
      const requests = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name.includes('/rest/v1/rpc/move_items') && entry.startTime >= timing.droppedAt) {
            timing.sentAt = entry.startTime;
            timing.committedAt = entry.responseEnd;
            requests.disconnect();
          }
        }
      });
      requests.observe({ type: 'resource' });
    };
    for (const type of ['pointerup', 'mouseup', 'touchend']) window.addEventListener(type, onRelease, true);
  })()`);
}

/** The watched move's timing, once its answer has come (or `timeoutMs` has passed). */
export async function readMoveTiming(page: Page, timeoutMs = 15_000): Promise<MoveTiming> {
  await page.waitForFunction(
    'window.__moveTiming && window.__moveTiming.committedAt !== null',
    null,
    {
      timeout: timeoutMs,
    },
  );
  return (await page.evaluate('window.__moveTiming')) as MoveTiming;
}
