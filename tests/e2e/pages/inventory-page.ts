import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage, FIRST_LOAD_TIMEOUT } from './base-page';

export type UnitTypeName = 'bay' | 'box' | 'cabinet' | 'bin';

export interface ItemInput {
  name: string;
  quantity?: number;
  barcode?: string;
  sku?: string;
  price?: string;
  expiry?: string;
}

/** Waits for the answer of one REST call of the app, e.g. rpc('add_isle') or a table insert. */
export function restResponse(page: Page, path: string, method = 'POST') {
  return page.waitForResponse(
    (response) =>
      response.url().includes(`/rest/v1/${path}`) && response.request().method() === method,
  );
}

/**
 * The "⋯" menu holding each rarer action of the inventory's cards: the menu item's test id, the
 * test id of the button opening the menu it is in.
 */
const MENU_OF = {
  'renumber-isle': 'isle-menu',
  'remove-isle': 'isle-menu',
  'rename-unit': 'unit-menu',
  'remove-unit': 'unit-menu',
  'remove-shelf': 'shelf-menu',
  'count-shelf': 'shelf-menu',
  'item-print-label': 'item-menu',
  'item-delete': 'item-menu',
} as const;
export type MenuActionId = keyof typeof MENU_OF;

/** The inventory screen: rooms, isles, units, shelves, items and item search. */
export class InventoryPage extends BasePage {
  get ready(): Locator {
    return this.page.getByTestId('inventory-ready');
  }
  get rooms(): Locator {
    return this.page.getByTestId('rooms');
  }
  roomTab(name: string): Locator {
    return this.rooms.getByRole('button', { name, exact: true });
  }
  get activeRoomTab(): Locator {
    return this.rooms.locator('[data-testid="room-tab"][aria-pressed="true"]');
  }
  get isles(): Locator {
    return this.page.getByTestId('isle');
  }
  isle(index: number): Locator {
    return this.page.locator(`[data-testid="isle"][data-isle-index="${index}"]`);
  }
  unit(isleIndex: number, unitName: string): Locator {
    return this.isle(isleIndex).locator(`[data-testid="unit"][data-unit-name="${unitName}"]`);
  }
  shelves(isleIndex: number, unitName: string): Locator {
    return this.unit(isleIndex, unitName).getByTestId('shelf');
  }
  shelf(isleIndex: number, unitName: string, shelfIndex: number): Locator {
    return this.unit(isleIndex, unitName).locator(
      `[data-testid="shelf"][data-shelf-index="${shelfIndex}"]`,
    );
  }
  item(name: string): Locator {
    return this.page
      .getByTestId('item')
      .filter({ has: this.page.getByTestId('item-name').getByText(name, { exact: true }) });
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }
  get confirmDialog(): Locator {
    return this.page.getByTestId('confirm-dialog');
  }
  get searchInput(): Locator {
    return this.page.getByTestId('item-search-input');
  }
  get searchResults(): Locator {
    return this.page.getByTestId('item-search-result');
  }
  get recentItems(): Locator {
    return this.page.getByTestId('recent-item');
  }
  toastTitled(title: string): Locator {
    return this.page.getByTestId('toast').filter({ hasText: title });
  }

  /** The "⋯" button of an isle, unit, shelf or item holding the given action. */
  menuButton(owner: Locator, action: MenuActionId): Locator {
    return owner.getByTestId(MENU_OF[action]);
  }

  /** Opens the menu of an isle, unit, shelf or item and chooses one of its actions. */
  async chooseAction(owner: Locator, action: MenuActionId): Promise<void> {
    await this.press(this.menuButton(owner, action));
    const item = owner.getByRole('menu').getByTestId(action);
    await expect(item).toBeVisible();
    await this.press(item);
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard/inventory');
    await expect(this.ready).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT });
  }

  async expectToast(title: string, message: string): Promise<void> {
    const toast = this.toastTitled(title).filter({ hasText: message });
    await expect(toast.first()).toBeVisible();
    await expect(toast.first().getByTestId('toast-message')).toHaveText(message);
  }

  async addRoom(name: string): Promise<void> {
    await this.press(this.page.getByTestId('add-room'));
    await this.page.getByTestId('room-name-dialog-input').fill(name);
    const answer = restResponse(this.page, 'rpc/add_room');
    await this.press(this.page.getByTestId('room-name-dialog-submit'));
    await answer;
  }

  /** Opens 'Add isle', fills number and first unit type, submits; returns the dialog. */
  async addIsle(number: number, unitType: UnitTypeName, wait = true): Promise<void> {
    await this.press(this.page.getByTestId('add-isle'));
    await this.page.getByTestId('add-isle-dialog-number').fill(String(number));
    await this.page.getByTestId('add-isle-dialog-type').selectOption(unitType);
    const answer = wait ? restResponse(this.page, 'rpc/add_isle') : null;
    await this.press(this.page.getByTestId('add-isle-dialog-submit'));
    await answer;
  }

  async addUnit(isleIndex: number, unitType: UnitTypeName, wait = true): Promise<void> {
    await this.press(this.isle(isleIndex).getByTestId('add-unit'));
    await this.page.getByTestId('add-unit-dialog-type').selectOption(unitType);
    const answer = wait ? restResponse(this.page, 'rpc/add_unit') : null;
    await this.press(this.page.getByTestId('add-unit-dialog-submit'));
    await answer;
  }

  async addShelf(isleIndex: number, unitName: string): Promise<void> {
    const answer = restResponse(this.page, 'rpc/add_shelf');
    await this.press(this.unit(isleIndex, unitName).getByTestId('add-shelf'));
    await answer;
  }

  async addItem(shelf: Locator, item: ItemInput): Promise<void> {
    await this.press(shelf.getByTestId('add-item'));
    await this.page.getByTestId('item-item_name').fill(item.name);
    await this.page.getByTestId('item-quantity').fill(String(item.quantity ?? 1));
    if (item.barcode) await this.page.getByTestId('item-barcode').fill(item.barcode);
    if (item.sku) await this.page.getByTestId('item-sku').fill(item.sku);
    if (item.price) await this.page.getByTestId('item-price_paid').fill(item.price);
    if (item.expiry) await this.page.getByTestId('item-expiry_date').fill(item.expiry);
    const answer = restResponse(this.page, 'rpc/add_item');
    await this.press(this.page.getByTestId('item-dialog-submit'));
    await answer;
  }

  /** Answers the open confirmation with its confirm button, waiting for the call it makes. */
  async confirm(path: string): Promise<void> {
    const answer = restResponse(this.page, path);
    await this.press(this.page.getByTestId('confirm-dialog-confirm'));
    await answer;
  }

  async search(mode: 'name' | 'barcode', text: string): Promise<void> {
    await this.press(this.page.getByTestId(`search-mode-${mode}`));
    await this.searchInput.fill(text);
  }
}
