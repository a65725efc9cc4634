import { expect, type Locator } from '@playwright/test';
import { BasePage, FIRST_LOAD_TIMEOUT } from './base-page';

/** Every dashboard screen: its path, nav label and heading. */
export const DASHBOARD_SCREENS = [
  { path: 'inventory', label: 'Inventory', heading: 'Inventory' },
  { path: 'import', label: 'Import', heading: 'Import' },
  { path: 'export', label: 'Export', heading: 'Export' },
  { path: 'logs', label: 'Activity Log', heading: 'Activity Log' },
  { path: 'products', label: 'Products', heading: 'Products' },
  { path: 'low-stock', label: 'Low Stock', heading: 'Low Stock' },
  { path: 'ebay-orders', label: 'eBay Orders', heading: 'eBay Orders' },
  { path: 'barcode-labels', label: 'Barcode Labels', heading: 'Barcode Labels' },
  { path: 'integrations', label: 'Integrations', heading: 'Integrations' },
  { path: 'team', label: 'Team', heading: 'Team' },
  { path: 'settings', label: 'Settings', heading: 'Settings' },
] as const;

export class DashboardPage extends BasePage {
  get root(): Locator {
    return this.page.getByTestId('dashboard');
  }
  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Dashboard' });
  }
  get menuButton(): Locator {
    return this.page.getByRole('button', { name: 'Menu' });
  }
  get currentPlan(): Locator {
    return this.page.getByTestId('current-plan');
  }
  get userName(): Locator {
    return this.page.getByTestId('user-name');
  }
  get signOutButton(): Locator {
    return this.page.getByTestId('sign-out');
  }
  get overdueBanner(): Locator {
    return this.page.getByTestId('overdue-banner');
  }
  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** The layout is up and the plan has loaded (the loading screen is gone). */
  async expectLoaded(): Promise<void> {
    await expect(this.root).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT });
    await expect(this.currentPlan).toHaveText(/ plan$/);
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(`/dashboard/${path}`);
  }

  /** Opens a screen from the navigation, opening the menu first where it is folded away. */
  async open(label: string): Promise<void> {
    if (await this.menuButton.isVisible()) {
      if ((await this.menuButton.getAttribute('aria-expanded')) !== 'true') {
        await this.press(this.menuButton);
      }
    }
    await this.press(this.nav.getByRole('link', { name: label, exact: true }));
  }

  async signOut(): Promise<void> {
    const answer = this.page.waitForResponse((response) =>
      response.url().includes('/auth/v1/logout'),
    );
    await this.press(this.signOutButton);
    await answer;
  }
}
