import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page';

export class LoginPage extends BasePage {
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Sign in' });
  }
  get email(): Locator {
    return this.page.getByLabel('E-mail');
  }
  get password(): Locator {
    return this.page.getByLabel('Password');
  }
  get submit(): Locator {
    return this.page.getByTestId('login-submit');
  }
  get error(): Locator {
    return this.page.getByTestId('auth-error');
  }
  get confirmNotice(): Locator {
    return this.page.getByTestId('signup-confirm-notice');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/login${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** Fills and sends the form, waiting for the auth server's answer. */
  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    const answer = this.page.waitForResponse(
      (response) =>
        response.url().includes('/auth/v1/token') && response.request().method() === 'POST',
    );
    await this.press(this.submit);
    await answer;
  }
}
