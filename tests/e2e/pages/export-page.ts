import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page';
import { downloadText } from './import-page';

/** /dashboard/export: the items CSV and the full JSON export. */
export class ExportPage extends BasePage {
  get root(): Locator {
    return this.page.getByTestId('export-page');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/export');
    await expect(this.root).toBeVisible();
  }

  async download(testId: 'export-csv' | 'export-json'): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.press(this.page.getByTestId(testId)),
    ]);
    return { name: download.suggestedFilename(), text: await downloadText(download) };
  }
}
