import type { Locator, Page } from '@playwright/test';

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
