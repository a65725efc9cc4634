import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DASHBOARD_SCREENS } from './pages/dashboard-page';

// The rest of the suite runs without the service worker (playwright.config.ts); these tests are
// about it, so they let it in.
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker has installed this build and controls the page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
    });
  });
}

test.describe('installable app', () => {
  test.setTimeout(120_000);

  test('passes Chromium installability checks with its manifest and service worker', async ({}, testInfo) => {
    // Chromium never offers to install from an incognito profile, which every test context is:
    // this check needs a browser with a profile of its own, as a seller's tablet has.
    const profile = mkdtempSync(path.join(tmpdir(), 'stockroom-install-'));
    const { launchOptions, baseURL } = testInfo.project.use;
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
      serviceWorkers: 'allow',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlledByServiceWorker(page);

    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const response = await page.request.get('/manifest.webmanifest');
    const body = (await response.json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { sizes: string; purpose: string }[];
    };
    expect(body).toMatchObject({
      name: 'Stockroom',
      display: 'standalone',
      start_url: '/dashboard',
    });
    const sizes = body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of [
      '/icons/icon-192.png',
      '/icons/icon-512.png',
      '/icons/icon-maskable-512.png',
    ]) {
      const answer = await page.request.get(icon);
      expect(answer.status(), icon).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('every dashboard screen opens offline once the app has loaded, and a reload offline opens the app', async ({
    page,
    context,
    seller,
    dashboard,
  }) => {
    expect(seller.id).toBeTruthy();
    await dashboard.goto('inventory');
    await dashboard.expectLoaded();
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    for (const screen of DASHBOARD_SCREENS) {
      await dashboard.open(screen.label);
      await expect(dashboard.heading(screen.heading)).toBeVisible();
      await expect(page.getByTestId('screen-load-error')).toHaveCount(0);
    }
    await expect(page.getByText(/dynamically imported module/)).toHaveCount(0);

    // A reload with no network: the page comes from the device, not the browser's offline page.
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Back online: the worker answers page loads from the network again.
    await context.setOffline(false);
    await page.goto('/features');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('says once, quietly, that a new version has started', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The first start on a device is not an update.
    await expect(page.getByTestId('toast')).toHaveCount(0);

    await page.evaluate(() =>
      localStorage.setItem('stockroom.appVersion', '/assets/index-older.js'),
    );
    await page.reload();
    const note = page.getByTestId('toast');
    await expect(note).toHaveCount(1);
    await expect(note.getByTestId('toast-title')).toHaveText('Updated');
    await expect(note).toHaveAttribute('role', 'status');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });
});
