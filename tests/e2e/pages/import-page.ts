import { expect, type Download, type Locator } from '@playwright/test';
import { BasePage } from './base-page';

/** /dashboard/import: choose a CSV, read the preview, commit. */
export class ImportPage extends BasePage {
  get root(): Locator {
    return this.page.getByTestId('import-page');
  }
  get fileInput(): Locator {
    return this.page.getByTestId('import-file-input');
  }
  get preview(): Locator {
    return this.page.getByTestId('import-preview');
  }
  get summary(): Locator {
    return this.page.getByTestId('import-summary');
  }
  get previewRows(): Locator {
    return this.page.getByTestId('import-preview-row');
  }
  get errors(): Locator {
    return this.page.getByTestId('import-error');
  }
  get fileProblems(): Locator {
    return this.page.getByTestId('import-file-problems');
  }
  get commitButton(): Locator {
    return this.page.getByTestId('import-commit');
  }
  get complete(): Locator {
    return this.page.getByTestId('import-complete');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/import');
    await expect(this.root).toBeVisible();
  }

  /** Chooses a CSV file with the given text, as the seller's file picker would. */
  async choose(name: string, text: string): Promise<void> {
    await this.fileInput.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await expect(this.preview).toBeVisible();
  }

  async commit(): Promise<void> {
    await this.press(this.commitButton);
  }

  /** Clicks a download button and returns the file's name and text. */
  async download(testId: string): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.press(this.page.getByTestId(testId)),
    ]);
    return { name: download.suggestedFilename(), text: await downloadText(download) };
  }
}

export async function downloadText(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
