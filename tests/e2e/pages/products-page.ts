import { expect, type Locator } from '@playwright/test';
import { BasePage, FIRST_LOAD_TIMEOUT } from './base-page';

/** The products screen: every item in a sortable, filterable, virtualised table. */
export class ProductsPage extends BasePage {
  get ready(): Locator {
    return this.page.getByTestId('products-ready');
  }
  get rows(): Locator {
    return this.page.getByTestId('product-row');
  }
  get names(): Locator {
    return this.page.getByTestId('product-name');
  }
  get count(): Locator {
    return this.page.getByTestId('products-count');
  }
  get filter(): Locator {
    return this.page.getByTestId('products-filter');
  }
  get scroller(): Locator {
    return this.page.getByTestId('products-scroll');
  }
  sortBy(column: string): Locator {
    return this.page.getByTestId(`sort-${column}`);
  }
  row(name: string): Locator {
    return this.rows.filter({
      has: this.page.getByTestId('product-name').getByText(name, { exact: true }),
    });
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/products');
    await expect(this.ready).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT });
  }
}
