import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page';

/** The eBay screens: integrations (connect, listings panel) and orders with the pick list. */
export class EbayPage extends BasePage {
  get status(): Locator {
    return this.page.getByTestId('ebay-status');
  }
  get connectButton(): Locator {
    return this.page.getByTestId('ebay-connect');
  }
  get disconnectButton(): Locator {
    return this.page.getByTestId('ebay-disconnect');
  }
  get listings(): Locator {
    return this.page.getByTestId('ebay-listing');
  }
  listing(title: string): Locator {
    return this.listings.filter({ hasText: title });
  }
  get placeDialog(): Locator {
    return this.page.getByTestId('place-listing-dialog');
  }
  get pickListLocations(): Locator {
    return this.page.getByTestId('pick-list-location');
  }
  /** The listings panel's title, which collapses it above the shelves of the inventory. */
  get listingsToggle(): Locator {
    return this.page.getByTestId('ebay-listings-toggle');
  }
  toastWith(text: string): Locator {
    return this.toast.filter({ hasText: text });
  }

  /**
   * Opens the inventory's listings panel, as a seller does when it started collapsed (a first
   * visit whose list would push the shelves off the first screen).
   */
  async openListings(): Promise<void> {
    // Once the count shows, the list is in and the panel has taken its first-visit state.
    await expect(this.listingsToggle).toHaveText(/\(\d+\)$/);
    if ((await this.listingsToggle.getAttribute('aria-expanded')) === 'false')
      await this.press(this.listingsToggle);
    await expect(this.listingsToggle).toHaveAttribute('aria-expanded', 'true');
  }

  async gotoIntegrations(): Promise<void> {
    await this.page.goto('/dashboard/integrations');
    await expect(this.status).toBeVisible();
  }

  /** Connect eBay through the sandbox's consent page and back, as a seller does. */
  async connect(): Promise<void> {
    await this.gotoIntegrations();
    const exchanged = this.page.waitForResponse((r) =>
      r.url().includes('/.netlify/functions/ebay-auth-callback'),
    );
    await this.press(this.connectButton);
    expect((await exchanged).status()).toBe(200);
    await expect(this.page).toHaveURL(/\/dashboard\/integrations$/);
    await expect(this.status).toHaveAttribute('data-connected', 'true');
  }
}
