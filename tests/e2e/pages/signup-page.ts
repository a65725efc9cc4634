import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page';

export class SignupPage extends BasePage {
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Create your account' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/signup');
    await expect(this.heading).toBeVisible();
  }

  async signUp(email: string, password: string): Promise<void> {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    const answer = this.page.waitForResponse(
      (response) =>
        response.url().includes('/auth/v1/signup') && response.request().method() === 'POST',
    );
    await this.press(this.page.getByTestId('signup-submit'));
    expect((await answer).ok()).toBe(true);
  }
}
