import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

const PUBLIC_PAGES = [
  { path: '/', title: 'Stockroom', heading: 'Know exactly where every item you sell is stored' },
  { path: '/features', title: 'Features · Stockroom', heading: 'Features' },
  { path: '/pricing', title: 'Pricing · Stockroom', heading: 'Pricing' },
  { path: '/privacy', title: 'Privacy · Stockroom', heading: 'Privacy Policy' },
  { path: '/terms', title: 'Terms · Stockroom', heading: 'Terms of Service' },
  { path: '/help', title: 'Help Center · Stockroom', heading: 'Help Center' },
  { path: '/login', title: 'Sign in · Stockroom', heading: 'Sign in' },
  { path: '/signup', title: 'Create your account · Stockroom', heading: 'Create your account' },
  { path: '/no-such-page', title: 'Page not found · Stockroom', heading: 'Page not found' },
] as const;

test.describe('public pages', () => {
  for (const { path, title, heading } of PUBLIC_PAGES) {
    test(`${path} renders with a title, a main landmark, no console errors and no serious axe violations`, async ({
      page,
      consoleErrors,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByTestId('loading-screen')).toHaveCount(0);

      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(serious).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('the home page navigation bar leads to every public page', async ({ page }, testInfo) => {
    const touch = Boolean(testInfo.project.use.hasTouch);
    const go = async (name: string, heading: string, url: RegExp) => {
      const link = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name, exact: true });
      if (touch) await link.tap();
      else await link.click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    };
    await page.goto('/');
    await go('Features', 'Features', /\/features$/);
    await go('Pricing', 'Pricing', /\/pricing$/);
    await go('Help', 'Help Center', /\/help$/);
    await go('Sign in', 'Sign in', /\/login$/);
    await page.goto('/');
    await go('Get started', 'Create your account', /\/signup$/);
  });

  test('the landing page shows the product and lays its cards out without an orphan', async ({
    page,
  }) => {
    for (const width of [1366, 1024]) {
      await page.setViewportSize({ width, height: 768 });
      await page.goto('/');
      // A sized picture (nothing moves when it arrives), fetched lazily, that really loads.
      const picture = page.getByTestId('home-picture');
      await expect(picture).toHaveAttribute('loading', 'lazy');
      await expect(picture).toHaveAttribute('width', /\d+/);
      await expect(picture).toHaveAttribute('height', /\d+/);
      await expect(picture).toHaveAttribute('alt', /inventory/i);
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      // Each row of cards is full: the four steps and the three highlights each sit on one row.
      for (const cards of [
        page.locator('.steps > li'),
        page.getByRole('region', { name: 'Highlights' }).locator('.card'),
      ]) {
        const tops = await cards.evaluateAll((all) =>
          all.map((card) => Math.round(card.getBoundingClientRect().top)),
        );
        expect(new Set(tops).size, `rows of cards at ${width} px`).toBe(1);
      }
    }
  });

  test('pricing shows the four plans with their limits and features', async ({ page }) => {
    await page.goto('/pricing');
    const plans = [
      { id: 'free', name: 'Free', items: '100', units: '3', rooms: '1' },
      { id: 'growing', name: 'Growing Seller', items: '500', units: '20', rooms: '2' },
      { id: 'power', name: 'Power Seller', items: '1,000', units: '50', rooms: '5' },
      { id: 'elite', name: 'Elite Seller', items: '5,000', units: '100', rooms: '10' },
    ];
    for (const plan of plans) {
      const card = page.getByTestId(`plan-${plan.id}`);
      await expect(card.getByRole('heading', { name: plan.name })).toBeVisible();
      await expect(card.getByTestId(`plan-limits-${plan.id}`)).toContainText(
        `Items${plan.items}Storage units${plan.units}Rooms${plan.rooms}`,
      );
    }
    await expect(page.getByTestId('plan-features-free')).toContainText('eBay orders: not included');
    await expect(page.getByTestId('plan-features-elite')).toContainText('eBay orders: included');
    await expect(page.getByTestId('plan-features-growing')).toContainText(
      '3D view of your rooms: included',
    );
    await expect(page.getByTestId('plan-features-growing')).toContainText(
      'Barcode scanning: not included',
    );
    await expect(page.getByTestId('plan-features-power')).toContainText(
      'Restore from backup: included',
    );
    await expect(page.getByTestId('plan-price-free')).toHaveText('No charge');
  });

  test('the Help Center has its sections and a contact-support link', async ({ page }) => {
    await page.goto('/help');
    for (const section of [
      'Getting Started',
      'Storage Management',
      'Inventory Management',
      'Undo',
      'Low Stock and Acting on Many Items',
      'eBay Integration',
      'Picking eBay Orders',
      'Data Management',
      'Restore One Thing, Print One Label',
      'Re-importing and Counting Scans',
      'Working Offline',
      'Team',
      'Accounts and Roles',
      'Account & Settings',
      'What Needs a Connection',
    ]) {
      await expect(
        page.getByRole('heading', { level: 2, name: section, exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByTestId('help-picking-orders')).toContainText('Mark picked');
    await expect(page.getByTestId('help-undo')).toContainText('Undo');
    await expect(page.getByTestId('help-team')).toContainText('Send invitation');
    await expect(page.getByTestId('help-needs-connection')).toContainText('Needs a connection');
    await expect(page.getByTestId('help-low-stock')).toContainText('reorder level');
    await expect(page.getByTestId('help-reimport-scan-counting')).toContainText('One per code');
    await expect(page.getByTestId('help-data-management')).toContainText('backed up daily');
    await expect(page.getByTestId('help-data-management')).toContainText('kept for 3 days');
    await expect(page.getByTestId('help-restore-and-label-one')).toContainText('Restore one thing');
    await expect(page.getByTestId('help-restore-and-label-one')).toContainText('Print label');
    await expect(page.getByTestId('contact-support')).toHaveAttribute('href', /^mailto:/);
  });

  test('a first visit to the landing page does not download the session client; signing in then works', async ({
    page,
    sellerAccount,
    loginPage,
    dashboard,
  }, testInfo) => {
    const touch = Boolean(testInfo.project.use.hasTouch);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByTestId('nav-login')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // supabase-js is the biggest dependency; a visitor who never signed in is told "signed out"
    // without it (the landing page's JS budget).
    expect(scripts.filter((path) => /\/assets\/supabase-(?!client-)/.test(path))).toEqual([]);

    // The sign-in form loads it, and the session it makes is followed by the whole app.
    const nav = page.getByTestId('nav-login');
    if (touch) await nav.tap();
    else await nav.click();
    await expect(loginPage.heading).toBeVisible();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();

    // Back on the landing page with a stored session: it knows the seller is signed in.
    await page.goto('/');
    await expect(page.getByTestId('nav-dashboard')).toBeVisible();
    await expect(page.getByTestId('nav-login')).toHaveCount(0);
  });
});
