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

  /**
   * A scan with the focus on no text field, as a keyboard-wedge scanner sends it: every key and
   * the Enter within a few milliseconds. The keys are dispatched in the page in one go, since a
   * loaded test machine can space keys sent one by one from here further apart than any
   * scanner would (the detector rightly takes such keys for typing).
   */
  async scanAnywhere(code: string): Promise<void> {
    await this.page.evaluate(
      (keys) => {
        const target = document.activeElement ?? document.body;
        for (const key of keys) {
          target.dispatchEvent(
            new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
          );
          target.dispatchEvent(
            new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }),
          );
        }
      },
      [...code, 'Enter'],
    );
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  get toast(): Locator {
    return this.page.getByTestId('toast');
  }
}
