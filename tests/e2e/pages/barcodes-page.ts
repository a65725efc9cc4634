import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page';

/** The Bulk Scan screen (/dashboard/scan) and the Barcode Labels screen. */
export class BarcodesPage extends BasePage {
  async gotoScan(): Promise<void> {
    await this.page.goto('/dashboard/scan');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Bulk Scan' })).toBeVisible();
  }
  async gotoLabels(): Promise<void> {
    await this.page.goto('/dashboard/barcode-labels');
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Barcode Labels' }),
    ).toBeVisible();
  }
  byTestId(id: string): Locator {
    return this.page.getByTestId(id);
  }
  get scanInput(): Locator {
    return this.page.getByTestId('scan-code');
  }
  get entries(): Locator {
    return this.page.getByTestId('scan-entry');
  }
  entry(code: string): Locator {
    return this.page.locator(`[data-testid="scan-entry"][data-code="${code}"]`);
  }
  get status(): Locator {
    return this.page.getByTestId('scan-status');
  }

  /** A keyboard-wedge scan into the scan field: the digits as fast key presses, then Enter. */
  async scan(code: string): Promise<void> {
    await this.scanInput.focus();
    await this.page.keyboard.type(code);
    await this.page.keyboard.press('Enter');
  }

  async chooseShelf(
    testId: string,
    place: { room: string; isle: number; unit: string; shelf: number },
  ): Promise<void> {
    await this.byTestId(`${testId}-room`).selectOption({ label: place.room });
    await this.byTestId(`${testId}-isle`).selectOption({ label: `Isle ${place.isle}` });
    await this.byTestId(`${testId}-unit`).selectOption({ label: `Unit ${place.unit}` });
    await this.byTestId(`${testId}-shelf`).selectOption({ label: `Shelf ${place.shelf}` });
  }

  async expectToast(title: string, message?: string | RegExp): Promise<void> {
    const toast = this.toast.filter({ hasText: title }).first();
    await expect(toast.getByTestId('toast-title')).toHaveText(title);
    if (message !== undefined) await expect(toast.getByTestId('toast-message')).toHaveText(message);
  }
}
