import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';

const PUBLIC_PAGES = {
  home: {
    path: '/',
    title: 'Stockroom',
    heading: 'Know exactly where every item you sell is stored',
  },
  features: { path: '/features', title: 'Features · Stockroom', heading: 'Features' },
  pricing: { path: '/pricing', title: 'Pricing · Stockroom', heading: 'Pricing' },
  privacy: { path: '/privacy', title: 'Privacy · Stockroom', heading: 'Privacy Policy' },
  terms: { path: '/terms', title: 'Terms · Stockroom', heading: 'Terms of Service' },
  help: { path: '/help', title: 'Help Center · Stockroom', heading: 'Help Center' },
  login: { path: '/login', title: 'Sign in · Stockroom', heading: 'Sign in' },
  signup: {
    path: '/signup',
    title: 'Create your account · Stockroom',
    heading: 'Create your account',
  },
  notFound: {
    path: '/no-such-page',
    title: 'Page not found · Stockroom',
    heading: 'Page not found',
  },
} as const;
type PublicPage = (typeof PUBLIC_PAGES)[keyof typeof PUBLIC_PAGES];

/** A link of the header's main navigation. */
function mainNavLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

test.describe('public pages', () => {
  // The public pages change nothing: one visitor goes through all of them in one app load,
  // by the links a visitor uses (the unknown address is typed in).
  test('every public page renders with a title, a main landmark, no console errors and no serious axe violations; the navigation bar leads to each', async ({
    page,
    consoleErrors,
  }) => {
    // Thirteen tests of 60 s each before they shared this load: nine axe runs, two layouts.
    test.setTimeout(240_000);

    /** What every public page must be, checked where the visitor now is. */
    const expectSound = async ({ path, title, heading }: PublicPage) => {
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByTestId('loading-screen')).toHaveCount(0);

      expect(await seriousViolations(page), path).toEqual([]);
      expect(consoleErrors, path).toEqual([]);
    };

    await test.step('/', async () => {
      await page.goto('/');
      await expectSound(PUBLIC_PAGES.home);
    });

    await test.step('the landing page shows the product and lays its cards out without an orphan', async () => {
      for (const width of [1366, 1024]) {
        await page.setViewportSize({ width, height: 768 });
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
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('/features', async () => {
      await mainNavLink(page, 'Features').click();
      await expectSound(PUBLIC_PAGES.features);
    });

    await test.step('/pricing shows the four plans with their limits and features', async () => {
      await mainNavLink(page, 'Pricing').click();
      await expectSound(PUBLIC_PAGES.pricing);
      const plans = [
        { id: 'free', seats: '1', name: 'Free', items: '100', units: '3', rooms: '1' },
        {
          id: 'growing',
          seats: '2',
          name: 'Growing Seller',
          items: '500',
          units: '20',
          rooms: '2',
        },
        { id: 'power', seats: '5', name: 'Power Seller', items: '1,000', units: '50', rooms: '5' },
        {
          id: 'elite',
          seats: '10',
          name: 'Elite Seller',
          items: '5,000',
          units: '100',
          rooms: '10',
        },
      ];
      for (const plan of plans) {
        const card = page.getByTestId(`plan-${plan.id}`);
        await expect(card.getByRole('heading', { name: plan.name })).toBeVisible();
        await expect(card.getByTestId(`plan-limits-${plan.id}`)).toContainText(
          `Items${plan.items}Storage units${plan.units}Rooms${plan.rooms}Team seats${plan.seats} (owner included)`,
        );
        await expect(card.getByTestId(`plan-price-${plan.id}`)).toBeVisible();
      }
      await expect(page.getByTestId('plan-features-free')).toContainText(
        'eBay orders: not included',
      );
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

    await test.step('/help has its sections and a contact-support link', async () => {
      await mainNavLink(page, 'Help').click();
      await expectSound(PUBLIC_PAGES.help);
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
      await expect(page.getByTestId('help-restore-and-label-one')).toContainText(
        'Restore one thing',
      );
      await expect(page.getByTestId('help-restore-and-label-one')).toContainText('Print label');
      await expect(page.getByTestId('contact-support')).toHaveAttribute('href', /^mailto:/);
    });

    const footer = page.getByRole('navigation', { name: 'Footer' });
    await test.step('/privacy', async () => {
      await footer.getByRole('link', { name: 'Privacy', exact: true }).click();
      await expectSound(PUBLIC_PAGES.privacy);
    });

    await test.step('/terms', async () => {
      await footer.getByRole('link', { name: 'Terms', exact: true }).click();
      await expectSound(PUBLIC_PAGES.terms);
    });

    await test.step('/signup', async () => {
      await mainNavLink(page, 'Get started').click();
      await expectSound(PUBLIC_PAGES.signup);
    });

    await test.step('/login', async () => {
      await page.goBack();
      await expect(page).toHaveURL(/\/terms$/);
      await mainNavLink(page, 'Sign in').click();
      await expectSound(PUBLIC_PAGES.login);
    });

    await test.step('/no-such-page', async () => {
      await page.goto('/no-such-page');
      await expectSound(PUBLIC_PAGES.notFound);
    });
  });

  test(
    'on the tablet the navigation bar leads to every public page by touch',
    { tag: '@touch-only' },
    async ({ page }) => {
      const go = async (name: string, heading: string, url: RegExp) => {
        await mainNavLink(page, name).tap();
        await expect(page).toHaveURL(url);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      };
      await page.goto('/');
      await go('Features', 'Features', /\/features$/);
      await go('Pricing', 'Pricing', /\/pricing$/);
      await go('Help', 'Help Center', /\/help$/);
      await go('Sign in', 'Sign in', /\/login$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/help$/);
      await go('Get started', 'Create your account', /\/signup$/);
    },
  );
});
