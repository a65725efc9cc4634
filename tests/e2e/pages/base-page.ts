import type { Locator, Page } from '@playwright/test';

/**
 * How long a screen may take to be ready after the app's first load in a fresh browser context:
 * some sixty chunks are fetched and compiled, and on a 2-core machine the other worker may be
 * seeding or drawing an Elite stockroom at the same time. Checks within a screen keep the
 * 10 s default.
 */
export const FIRST_LOAD_TIMEOUT = 30_000;

/** Shared by the page objects: on the tablet project controls are tapped, not clicked. */
export abstract class BasePage {
  constructor(
    readonly page: Page,
    readonly touch: boolean,
  ) {}

  async press(target: Locator): Promise<void> {
    if (this.touch) await target.tap();
    else await target.click();
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  get toast(): Locator {
    return this.page.getByTestId('toast');
  }
}
