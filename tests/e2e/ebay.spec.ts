import { SANDBOX_LISTINGS, SANDBOX_ORDERS } from '../../local/sandboxes/ebay-catalogue';
import type { SupabaseClient } from '@supabase/supabase-js';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { EbayPage } from './pages/ebay-page';
import { db, seedStorage, setPlan } from './seed';

test.describe('eBay', () => {
  test("connects through eBay's consent page and back, keeping no token or code in the browser", async ({
    page,
    seller,
    admin,
    touch,
  }) => {
    const ebay = new EbayPage(page, touch);
    await ebay.gotoIntegrations();
    await expect(ebay.status).toHaveAttribute('data-connected', 'false');

    const callback = page.waitForRequest((r) =>
      r.url().includes('/.netlify/functions/ebay-auth-callback'),
    );
    const consent = page.waitForRequest((r) => r.url().includes('/oauth2/authorize'));
    await ebay.connect();
    const authorizeUrl = new URL((await consent).url());
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('prompt')).toBe('login');
    const code = (JSON.parse((await callback).postData() ?? '{}') as { code: string }).code;
    expect(code).toBeTruthy();

    const { data: tokens } = await admin
      .from('ebay_tokens')
      .select('access_token, refresh_token')
      .eq('account_id', seller.accountId)
      .single();
    const stored = await page.evaluate(() =>
      JSON.stringify({
        local: Object.entries(localStorage),
        session: Object.entries(sessionStorage),
        cookies: document.cookie,
      }),
    );
    for (const secret of [code, tokens!.access_token, tokens!.refresh_token]) {
      expect(stored).not.toContain(secret);
    }
    // The callback URL with the code is not left in the history either.
    await page.goBack();
    await expect(page).not.toHaveURL(/code=/);

    await ebay.gotoIntegrations();
    await ebay.press(ebay.disconnectButton);
    // Disconnecting asks first.
    await expect(page.getByTestId('ebay-disconnect-dialog')).toBeVisible();
    await ebay.press(page.getByTestId('ebay-disconnect-dialog-confirm'));
    await expect(ebay.status).toHaveAttribute('data-connected', 'false');
    const { count } = await admin
      .from('ebay_tokens')
      .select('*', { count: 'exact', head: true })
      .eq('account_id', seller.accountId);
    expect(count).toBe(0);
  });

  // Two arrivals at the callback address, one seller: each is a page load of its own.
  test('a callback with a forged state or a declined consent says so and returns to Integrations, disconnected', async ({
    page,
    seller,
    admin,
    touch,
  }) => {
    const ebay = new EbayPage(page, touch);
    await test.step('a forged state says Invalid state parameter', async () => {
      await page.goto(
        '/dashboard/ebay/callback?code=v%5E1.1%23forged&state=forged-state-0123456789',
      );
      await expect(ebay.toastWith('Invalid state parameter')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/integrations$/);
      await expect(ebay.status).toHaveAttribute('data-connected', 'false');
      const { count } = await admin
        .from('ebay_tokens')
        .select('*', { count: 'exact', head: true })
        .eq('account_id', seller.accountId);
      expect(count).toBe(0);
    });

    await test.step('a seller who declines on eBay is told so and stays disconnected', async () => {
      await page.goto('/dashboard/ebay/callback?declined=true');
      await expect(ebay.toastWith('You declined access on eBay')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/integrations$/);
      await expect(ebay.status).toHaveAttribute('data-connected', 'false');
    });
  });

  test('places a listing on a shelf: the item is on the shelf and the listing is gone; on the inventory "Place on shelf…" starts in the room in view', async ({
    page,
    seller,
    dashboard,
    admin,
    touch,
  }) => {
    await setPlan(seller.accountId, 'growing');
    const [, loftRoom] = await seedStorage(seller.accountId, [
      { name: 'Garage', isles: [{ index: 1, units: [{ name: 'A', shelves: [[], []] }] }] },
      { name: 'Loft', isles: [{ index: 2, units: [{ name: 'B', shelves: [[]] }] }] },
    ]);
    // The Loft's only shelf is number 3: the dialog's place is the room's, not a first default.
    await db().query('update public.storage_shelves set shelf_index = 3 where shelf_id = $1', [
      loftRoom!.isles[0]!.units[0]!.shelves[0]!.id,
    ]);

    const ebay = new EbayPage(page, touch);
    await ebay.connect();
    await expect(ebay.listings).toHaveCount(SANDBOX_LISTINGS.length);
    expect(await seriousViolations(page)).toEqual([]);

    const listing = SANDBOX_LISTINGS[2]!;
    await ebay.press(ebay.listing(listing.title).getByTestId('ebay-listing-place'));
    await expect(ebay.placeDialog).toBeVisible();
    await ebay.placeDialog.getByLabel('Shelf').selectOption({ label: 'Shelf 2' });
    await expect(page.getByTestId('place-listing-location')).toContainText(
      'Garage › Isle 1 › A › Shelf 2',
    );
    const placed = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/place_listing'));
    await ebay.press(page.getByTestId('place-listing-confirm'));
    expect((await placed).status()).toBe(200);
    await expect(ebay.toastWith('Item Added')).toBeVisible();
    await expect(ebay.placeDialog).toBeHidden();
    await expect(ebay.listing(listing.title)).toHaveCount(0);
    await expect(ebay.listings).toHaveCount(SANDBOX_LISTINGS.length - 1);

    // Asking eBay again within 2 minutes: the saved listings stay, with the wait.
    await ebay.press(page.getByTestId('ebay-listings-refresh'));
    await expect(
      ebay.toastWith('Please wait 2 minutes before fetching listings again. Using cached data'),
    ).toBeVisible();
    await expect(ebay.toastWith('Rate Limit Reached')).toBeVisible();
    await expect(ebay.listings).toHaveCount(SANDBOX_LISTINGS.length - 1);

    // On the inventory, the item sits on shelf 2.
    await dashboard.open('Inventory');
    await expect(page.getByTestId('inventory-ready')).toBeVisible();
    await expect(page.getByTestId('item-name').filter({ hasText: listing.title })).toBeVisible();
    const { data: item } = await admin
      .from('storage_items')
      .select('item_name, sku, quantity, storage_shelves(shelf_index)')
      .eq('account_id', seller.accountId)
      .single();
    expect(item).toMatchObject({
      item_name: listing.title,
      sku: listing.sku,
      quantity: listing.quantity,
      storage_shelves: { shelf_index: 2 },
    });

    // The inventory's "Place on shelf…" starts in the room the seller is looking at (one load of
    // the inventory with the journey above: it places nothing).
    const loft = page.getByTestId('rooms').getByRole('button', { name: 'Loft', exact: true });
    await ebay.press(loft);
    await expect(loft).toHaveAttribute('aria-pressed', 'true');
    await ebay.openListings();
    await ebay.press(ebay.listings.first().getByTestId('ebay-listing-place'));
    await expect(ebay.placeDialog).toBeVisible();
    await expect(page.getByTestId('place-listing-location')).toContainText(
      'Loft › Isle 2 › B › Shelf 3',
    );

    // After a reload the listing stays off the list.
    await ebay.gotoIntegrations();
    await expect(ebay.listings).toHaveCount(SANDBOX_LISTINGS.length - 1);
    await expect(ebay.listing(listing.title)).toHaveCount(0);
  });

  // The listings panel's rows at the tablet's 1024 × 768 (by touch) and at a desktop's 1366.
  test(
    'on the inventory each listing is one readable row, and a picture that fails shows a plain tile',
    { tag: '@touch' },
    async ({ page, seller, dashboard, touch }) => {
      if (!touch) await page.setViewportSize({ width: 1366, height: 768 });
      await setPlan(seller.accountId, 'growing');
      await seedStorage(seller.accountId, [
        { name: 'Garage', isles: [{ index: 1, units: [{ name: 'A', shelves: [[]] }] }] },
      ]);
      const ebay = new EbayPage(page, touch);
      await ebay.connect();
      await dashboard.open('Inventory');
      await expect(page.getByTestId('inventory-ready')).toBeVisible();

      // On a first visit the six listings would push the shelves off the first screen: the panel
      // starts collapsed, with its count, and opens from its title (issue #39).
      await expect(ebay.listingsToggle).toHaveAttribute('aria-expanded', 'false');
      await expect(ebay.listingsToggle).toHaveText(`eBay listings (${SANDBOX_LISTINGS.length})`);
      await expect(ebay.listings.first()).toBeHidden();
      await expect(page.getByTestId('shelf').first()).toBeInViewport();
      await ebay.openListings();

      for (const index of [0, 1, 2]) {
        const row = ebay.listings.nth(index);
        await expect(row).toBeInViewport({ ratio: 1 });
        // The sandbox's picture links do not load: a plain tile, not a broken image.
        await expect(row.getByTestId('ebay-listing-no-image')).toBeVisible();
        await expect(row.getByRole('img')).toHaveCount(0);
        const parts = await row.evaluate((li) => {
          const rect = (selector: string) => {
            const part = selector === 'li' ? li : li.querySelector(selector)!;
            const r = part.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
          };
          return {
            row: rect('li'),
            picture: rect('.ebay-listing__image'),
            title: rect('.ebay-listing__title'),
            place: rect('[data-testid="ebay-listing-place"]'),
          };
        });
        // Picture, then the title right beside it, then "Place on shelf…" on one line, all in one row.
        expect(parts.picture.right).toBeLessThanOrEqual(parts.title.left);
        expect(parts.title.left - parts.picture.right).toBeLessThan(24);
        expect(parts.title.right).toBeLessThanOrEqual(parts.place.left);
        expect(parts.place.height).toBeLessThan(50);
        expect(parts.row.height).toBeLessThan(70);
      }
      const broken = await page
        .getByTestId('ebay-listings-panel')
        .locator('img')
        .evaluateAll(
          (images) =>
            (images as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 0)
              .length,
        );
      expect(broken).toBe(0);
    },
  );

  test("an Elite seller's orders show where each item sits and a pick list in walking order", async ({
    page,
    seller,
    dashboard,
    admin,
    touch,
  }) => {
    // Every order line carries its pick controls now: the accessibility scan of the page takes
    // longer than the default budget on a busy machine.
    test.setTimeout(4 * 180_000);
    await setPlan(seller.accountId, 'elite');
    const open = SANDBOX_ORDERS.filter((o) => o.status !== 'FULFILLED');
    const skus = [...new Set(open.flatMap((o) => o.lineItems.map((l) => l.sku)))].slice(0, 4);
    await seedStorage(seller.accountId, [
      {
        name: 'Garage',
        isles: [
          {
            index: 1,
            units: [
              { name: 'A', shelves: [[], [{ name: 'Item four', sku: skus[3] }]] },
              { name: 'B', shelves: [[{ name: 'Item two', sku: skus[1] }]] },
            ],
          },
          {
            index: 2,
            units: [{ name: 'A', shelves: [[], [], [{ name: 'Item one', sku: skus[0] }]] }],
          },
        ],
      },
      {
        name: 'Loft',
        isles: [
          {
            index: 1,
            units: [{ name: 'A', shelves: [[{ name: 'Item three', barcode: skus[2] }]] }],
          },
        ],
      },
    ]);
    // Added deliberately out of walking order (one, two, three, four): the pick list must sort them.
    await db().query(
      `update public.storage_items
          set created_at = timestamptz '2026-01-01' + array_position($2::text[], item_name) * interval '1 minute'
        where account_id = $1`,
      [seller.accountId, ['Item one', 'Item two', 'Item three', 'Item four']],
    );
    const ebay = new EbayPage(page, touch);
    await ebay.connect();

    await dashboard.open('eBay Orders');
    await expect(ebay.toastWith('Orders Loaded')).toBeVisible();
    await expect(page.getByTestId('ebay-order')).toHaveCount(SANDBOX_ORDERS.length);
    const firstLine = SANDBOX_ORDERS[0]!.lineItems[0]!;
    const expected = new Map([
      [skus[0], 'Garage › Isle 2 › A › Shelf 3'],
      [skus[1], 'Garage › Isle 1 › B › Shelf 1'],
      [skus[2], 'Loft › Isle 1 › A › Shelf 1'],
      [skus[3], 'Garage › Isle 1 › A › Shelf 2'],
    ]);
    await expect(
      page
        .locator(`[data-order-id="${SANDBOX_ORDERS[0]!.orderId}"]`)
        .getByTestId('ebay-order-line')
        .first()
        .getByTestId('ebay-order-line-location'),
    ).toHaveText(expected.get(firstLine.sku) ?? 'Not on a shelf');

    const located = (await ebay.pickListLocations.allTextContents()).filter(
      (t) => t !== 'Not on a shelf',
    );
    const walking = [
      'Garage › Isle 1 › A › Shelf 2',
      'Garage › Isle 1 › B › Shelf 1',
      'Garage › Isle 2 › A › Shelf 3',
      'Loft › Isle 1 › A › Shelf 1',
    ];
    expect([...new Set(located)]).toEqual(walking);
    // Every located line comes before the unplaced ones.
    const all = await ebay.pickListLocations.allTextContents();
    expect(all.slice(0, located.length)).toEqual(located);
    await expect(page.getByTestId('pick-list-print')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Printing shows the pick list only.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('pick-list')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Orders \(/ })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // eBay failing later: the account's stored orders stay on screen with the error.
    await admin.from('api_rate_limits').delete().eq('account_id', seller.accountId);
    await page.route('**/.netlify/functions/ebay-get-orders', (route) =>
      route.fulfill({
        status: 502,
        json: { error: 'Failed to sync with eBay', code: 'ebay_unavailable' },
      }),
    );
    await ebay.press(page.getByTestId('ebay-orders-refresh'));
    await expect(ebay.toastWith('Failed to fetch orders')).toBeVisible();
    await expect(page.getByTestId('ebay-orders-refresh-error')).toContainText(
      'The orders fetched before are shown.',
    );
    await expect(page.getByTestId('ebay-order')).toHaveCount(SANDBOX_ORDERS.length);
  });

  test('a seller who lists on the eBay website connects and sees what to do next', async ({
    page,
    seller,
    admin,
    touch,
  }, testInfo) => {
    test.setTimeout(4 * 120_000);
    const ebay = new EbayPage(page, touch);
    await ebay.connect();
    await sandboxSeller(admin, seller.accountId, { kind: 'website' });

    const inventory = page.waitForResponse((r) =>
      r.url().includes('/.netlify/functions/ebay-get-inventory'),
    );
    await ebay.press(page.getByTestId('ebay-inventory-load'));
    const answered = await inventory;
    expect(answered.status(), await answered.text()).toBe(200);
    const notice = page.getByTestId('ebay-website-seller');
    await expect(notice).toContainText("Your eBay listings were made on eBay's website");
    await expect(notice).toContainText('What to do next');
    await expect(notice).toContainText('32 of your 36 qualify');
    await expect(page.getByTestId('ebay-inventory-summary')).toContainText('36 active listings');
    await expect(page.getByTestId('ebay-inventory-row')).toHaveCount(SANDBOX_LISTINGS.length);
    await expect(page.getByTestId('ebay-consent-ends')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/ebay-shots/website-seller-${testInfo.project.name}.png` });
  });
});

/** Makes the seller's sandbox connection a kind of seller (local/sandboxes/ebay.ts). */
async function sandboxSeller(
  admin: SupabaseClient,
  accountId: string,
  settings: Record<string, unknown>,
): Promise<void> {
  const { data } = await admin
    .from('ebay_tokens')
    .select('refresh_token')
    .eq('account_id', accountId)
    .single();
  const response = await fetch(`${process.env.STOCKROOM_E2E_EBAY_URL}/_sandbox/seller`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: data!.refresh_token, ...settings }),
  });
  expect(response.status).toBe(200);
}
