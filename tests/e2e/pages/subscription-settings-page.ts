import { expect, type Locator } from '@playwright/test';
import { BasePage } from './base-page';

/** Settings › Subscription (src/features/billing) and the Stripe sandbox's hosted pages. */
export class SubscriptionSettingsPage extends BasePage {
  get root(): Locator {
    return this.page.getByTestId('subscription-settings');
  }
  get currentPlan(): Locator {
    return this.page.getByTestId('billing-current-plan');
  }
  get status(): Locator {
    return this.page.getByTestId('billing-status');
  }
  usageCount(kind: 'items' | 'units' | 'rooms'): Locator {
    return this.page.getByTestId(`usage-${kind}-count`);
  }
  choosePlan(plan: string): Locator {
    return this.page.getByTestId(`choose-plan-${plan}`);
  }
  get cancelScheduled(): Locator {
    return this.page.getByTestId('billing-cancel-scheduled');
  }
  toastTitled(title: string): Locator {
    return this.page.getByTestId('toast').filter({ hasText: title });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/settings?tab=subscription');
    await expect(this.root).toBeVisible();
  }

  /** On the sandbox's hosted checkout page: pays and waits to be back on our site. */
  async payOnCheckoutPage(productName: string): Promise<void> {
    await expect(this.page.getByTestId('sandbox-checkout-product')).toHaveText(
      `Subscribe to ${productName}`,
    );
    await this.press(this.page.getByTestId('sandbox-checkout-pay'));
    await this.page.waitForURL(/\/dashboard\/settings\?tab=subscription/);
  }
}
