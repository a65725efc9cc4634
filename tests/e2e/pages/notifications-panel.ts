import type { Locator } from '@playwright/test';
import { BasePage } from './base-page';

/** The bell in the dashboard header and the notifications panel it opens. */
export class NotificationsPanel extends BasePage {
  get bell(): Locator {
    return this.page.getByTestId('notifications-bell');
  }
  get count(): Locator {
    return this.page.getByTestId('notifications-count');
  }
  get panel(): Locator {
    return this.page.getByTestId('notifications-panel');
  }
  get items(): Locator {
    return this.panel.getByTestId('notification');
  }
  get expiryToast(): Locator {
    return this.toast.filter({ hasText: 'Expiry Alert' });
  }

  async open(): Promise<void> {
    if ((await this.bell.getAttribute('aria-expanded')) !== 'true') await this.press(this.bell);
  }

  /** Dismisses the notification with this text, waiting for the server to store it. */
  async dismiss(text: string): Promise<void> {
    const stored = this.page.waitForResponse(
      (response) =>
        response.url().includes('/rest/v1/dismissed_notifications') &&
        response.request().method() === 'POST',
    );
    await this.press(this.items.filter({ hasText: text }).getByTestId('notification-dismiss'));
    await stored;
  }
}
