import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page';

export type SettingsTabId =
  'general' | 'notifications' | 'barcode' | 'appearance' | 'subscription' | 'security' | 'backups';

/** /dashboard/settings and its tabs. */
export class SettingsPage extends BasePage {
  async goto(tab?: SettingsTabId): Promise<void> {
    await this.page.goto(`/dashboard/settings${tab ? `?tab=${tab}` : ''}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  }

  tab(id: SettingsTabId): Locator {
    return this.page.getByTestId(`settings-tab-${id}`);
  }

  get panel(): Locator {
    return this.page.getByTestId('settings-panel');
  }

  async openTab(id: SettingsTabId): Promise<void> {
    await this.press(this.tab(id));
    await expect(this.tab(id)).toHaveAttribute('aria-selected', 'true');
  }

  field(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Presses a tab's Save and waits for the server to answer the upsert. */
  async save(form: string): Promise<void> {
    const answer = this.page.waitForResponse(
      (response) =>
        response.url().includes('/rest/v1/user_preferences') &&
        response.request().method() === 'POST',
    );
    await this.press(this.page.getByTestId(`${form}-save`));
    await answer;
  }

  toastTitled(title: string): Locator {
    return this.toast.filter({
      has: this.page.getByTestId('toast-title').getByText(title, { exact: true }),
    });
  }
}
