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

/** The Stripe sandbox's test controls (set by tests/e2e/global-setup.ts). */
export async function stripeSandbox(path: string, body: unknown): Promise<unknown> {
  const base = process.env.STOCKROOM_E2E_STRIPE_URL;
  if (!base) throw new Error('STOCKROOM_E2E_STRIPE_URL is not set: run with `npx playwright test`');
  const response = await fetch(`${base}/_sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}
