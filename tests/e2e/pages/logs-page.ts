import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page';

/** /dashboard/logs: the activity log with its filter, pager and clear button. */
export class LogsPage extends BasePage {
  get root(): Locator {
    return this.page.getByTestId('logs-page');
  }
  get rows(): Locator {
    return this.page.getByTestId('logs-row');
  }
  get actions(): Locator {
    return this.page.getByTestId('logs-row-action');
  }
  get who(): Locator {
    return this.page.getByTestId('logs-row-who');
  }
  get details(): Locator {
    return this.page.getByTestId('logs-row-details');
  }
  get filter(): Locator {
    return this.page.getByTestId('logs-filter');
  }
  get empty(): Locator {
    return this.page.getByTestId('logs-empty');
  }
  get pageInfo(): Locator {
    return this.page.getByTestId('logs-page-info');
  }
  get olderButton(): Locator {
    return this.page.getByTestId('logs-next');
  }
  get clearButton(): Locator {
    return this.page.getByTestId('logs-clear');
  }
  get confirmClear(): Locator {
    return this.page.getByTestId('logs-clear-dialog-confirm');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/logs');
    await expect(this.root).toBeVisible();
  }

  async filterBy(label: string): Promise<void> {
    await this.filter.selectOption({ label });
  }

  async clearAll(): Promise<void> {
    await this.press(this.clearButton);
    await this.press(this.confirmClear);
  }
}
