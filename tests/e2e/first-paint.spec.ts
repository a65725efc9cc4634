import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A seller on a slow connection sees something at once: the HTML paints its own loading state
 * before the app's stylesheet and scripts arrive, instead of a blank page for seconds.
 */
test.describe('first paint on a slow connection', () => {
  for (const path of ['/', '/login']) {
    test(`${path} paints a loading state while the app's code is still on its way`, async ({
      page,
    }, testInfo) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      // About a slow 3G line: 400 ms round trips, 50 KB/s down; the app's code takes seconds.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: 50 * 1024,
        uploadThroughput: 20 * 1024,
      });
      // Every script is held back until the page has painted: what is drawn by then, the HTML
      // drew on its own. (Waiting for the first script to arrive instead races tiny preloaded
      // chunks against the first frame on a busy machine.)
      const held: Route[] = [];
      let holding = true;
      await page.route(/\.(js|mjs|ts|tsx)(\?|$)/, async (route) => {
        if (holding) held.push(route);
        else await route.continue();
      });
      await page.goto(path, { waitUntil: 'commit' });
      await expect(page.getByTestId('boot-screen')).toContainText('Loading Stockroom', {
        timeout: 1_500,
      });
      const timing = await page.evaluate(async () => {
        // The paint entry is queued a frame after the pixels: on a busy machine it may not be
        // in the timeline yet when the text is found, so wait for it (buffered) up to 3 s.
        const paint = await new Promise<PerformanceEntry | undefined>((resolve) => {
          const observer = new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) {
              observer.disconnect();
              resolve(entry);
            }
          });
          observer.observe({ type: 'paint', buffered: true });
          setTimeout(() => {
            observer.disconnect();
            resolve(performance.getEntriesByName('first-contentful-paint')[0]);
          }, 3_000);
        });
        const [navigation] = performance.getEntriesByType(
          'navigation',
        ) as PerformanceNavigationTiming[];
        const scripts = (
          performance.getEntriesByType('resource') as PerformanceResourceTiming[]
        ).filter((r) => r.initiatorType === 'script' || /\.js(\?|$)/.test(r.name));
        return {
          afterHtml: paint && navigation ? paint.startTime - navigation.responseEnd : null,
          paintedAt: paint?.startTime ?? null,
          scriptsArrived: scripts.filter((r) => r.responseEnd > 0).length,
        };
      });
      const afterHtml = timing.afterHtml;
      // Painted while not one of the app's scripts had arrived: the HTML drew it on its own.
      expect(timing.paintedAt).not.toBeNull();
      expect(timing.scriptsArrived).toBe(0);
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      // Reported here, held to its 300 ms budget by `npm run bench` (first paint on a slow line):
      // a timed assertion would fail on a busy test machine for reasons that are not the page's.
      testInfo.annotations.push({
        type: 'first paint after the HTML',
        description: `${afterHtml} ms`,
      });

      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      // Once the code arrives the app replaces the loading state.
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({
        timeout: 20_000,
      });
      await expect(page.getByTestId('boot-screen')).toHaveCount(0);
    });
  }
});
