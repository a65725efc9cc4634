import { seriousViolations } from './axe';
import { test as base, expect } from './fixtures';
import { InventoryPage, restResponse } from './pages/inventory-page';
import { db, seedStorage } from './seed';

const test = base.extend<{ stockroom: InventoryPage; inventory: InventoryPage }>({
  // A signed-in seller's stockroom, the inventory screen not opened yet.
  stockroom: async ({ page, seller, touch }, use) => {
    await seedStorage(seller.accountId, [
      {
        name: 'Garage',
        isles: [
          {
            index: 1,
            units: [
              { type: 'bay', shelves: [[{ name: 'Blue teapot', quantity: 2 }], []] },
              { type: 'bin', shelves: [[{ name: 'Green mug' }]] },
            ],
          },
          { index: 2, units: [{ type: 'cabinet', shelves: [[{ name: 'Red kettle' }]] }] },
        ],
      },
    ]);
    await use(new InventoryPage(page, touch));
  },
  // The same, on the inventory screen.
  inventory: async ({ stockroom }, use) => {
    await stockroom.goto();
    await use(stockroom);
  },
});

test.describe('inventory for every hand', () => {
  // Desktop only: the scan reads the same page on both projects.
  test("has no serious accessibility problems, with or without a dialog open; a card's menu works from the keyboard", async ({
    page,
    inventory,
  }) => {
    await test.step('no serious accessibility problems', async () => {
      expect(await seriousViolations(page)).toEqual([]);
    });

    await test.step("a card's menu: arrows move, Esc closes it back on its button", async () => {
      const unit = inventory.unit(1, 'B');
      const more = inventory.menuButton(unit, 'rename-unit');
      await expect(more).toHaveAccessibleName('More actions for unit B');
      await expect(more).toHaveAttribute('aria-haspopup', 'menu');
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.focus();
      await page.keyboard.press('ArrowDown');
      const menu = unit.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const rename = menu.getByRole('menuitem', { name: 'Rename unit B' });
      const remove = menu.getByRole('menuitem', { name: 'Remove unit B' });
      await expect(rename).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(remove).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(rename).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(remove).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(more).toBeFocused();
      await expect(more).toHaveAttribute('aria-expanded', 'false');

      // Space opens it too; a click elsewhere closes it and leaves the unit as it was.
      await page.keyboard.press(' ');
      await expect(rename).toBeFocused();
      await page.getByRole('heading', { level: 1 }).click();
      await expect(menu).toHaveCount(0);
      await expect(inventory.unit(1, 'B')).toBeVisible();
    });

    await test.step('none with a dialog open either', async () => {
      await inventory.press(inventory.shelf(1, 'A', 2).getByTestId('add-item'));
      await expect(inventory.dialog).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  // 44 px for a finger; with a mouse the storage cards are compact, their targets still well
  // above WCAG's 24 px minimum.
  test(
    'every control is at least 44 by 44 pixels on a touch screen, 28 with a mouse',
    { tag: '@touch' },
    async ({ page, inventory, touch }) => {
      const least = touch ? 44 : 28;
      await expect(inventory.item('Blue teapot')).toBeVisible();
      const small = await page
        .getByTestId('inventory-ready')
        .locator('button, input, select')
        .evaluateAll(
          (elements, least) =>
            elements
              .filter((element) => {
                if (getComputedStyle(element).display === 'none') return false;
                // A radio or checkbox is tapped through the label around it.
                const type = (element as HTMLInputElement).type;
                const target =
                  (type === 'radio' || type === 'checkbox' ? element.closest('label') : null) ??
                  element;
                const box = target.getBoundingClientRect();
                return box.height < least || box.width < least;
              })
              .map((element) => element.outerHTML.slice(0, 80)),
          least,
        );
      expect(small).toEqual([]);
    },
  );

  test('an item can be added and its quantity changed with the keyboard alone', async ({
    page,
    inventory,
  }) => {
    const addButton = inventory.shelf(1, 'A', 2).getByTestId('add-item');
    await addButton.focus();
    const outline = await addButton.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    // The dialog takes focus on its first field; Enter submits.
    await expect(page.getByTestId('item-item_name')).toBeFocused();
    await page.keyboard.type('Keyboard kettle');
    const added = restResponse(page, 'rpc/add_item');
    await page.keyboard.press('Enter');
    await added;
    const item = inventory.item('Keyboard kettle');
    await expect(item).toBeVisible();
    // Focus went back to the button that opened the dialog.
    await expect(addButton).toBeFocused();

    await item.getByTestId('item-increase').focus();
    const saved = restResponse(page, 'rpc/update_item');
    await page.keyboard.press('Enter');
    await expect(item.getByTestId('item-count')).toHaveText('2');
    await saved;

    // Delete is in the item's menu: Enter opens it on its first item (Print label), ArrowDown
    // moves to Delete, Enter chooses it. Esc closes the confirmation without doing anything and
    // gives focus back to the menu button.
    const more = item.getByTestId('item-menu');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(item.getByTestId('item-print-label')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item.getByTestId('item-delete')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(inventory.confirmDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(inventory.confirmDialog).toHaveCount(0);
    await expect(item).toBeVisible();
    await expect(more).toBeFocused();
  });

  test("units take the colours of the seller's scheme", async ({ seller, stockroom }) => {
    // Chosen earlier (on another visit): the screen opens in it.
    const { rowCount } = await db().query(
      `update public.user_preferences set storage_colors = $2::jsonb where account_id = $1`,
      [seller.accountId, JSON.stringify({ colors: {}, currentScheme: 'ocean', customColors: {} })],
    );
    expect(rowCount).toBe(1);
    const inventory = stockroom;
    await inventory.goto();
    // ocean: bay #1e3a8a, bin #a5f3fc, cabinet #0e7490
    await expect(inventory.unit(1, 'A').getByTestId('unit-header')).toHaveCSS(
      'background-color',
      'rgb(30, 58, 138)',
    );
    await expect(inventory.unit(1, 'B').getByTestId('unit-header')).toHaveCSS(
      'background-color',
      'rgb(165, 243, 252)',
    );
    await expect(inventory.unit(2, 'A').getByTestId('unit-header')).toHaveCSS(
      'background-color',
      'rgb(14, 116, 144)',
    );
  });

  test('quick taps on + all count, and the screen settles on what was saved', async ({
    page,
    inventory,
  }) => {
    const teapot = inventory.item('Blue teapot');
    let saves = 0;
    page.on('requestfinished', (request) => {
      if (request.url().includes('/rest/v1/rpc/update_item')) saves += 1;
    });
    for (let tap = 0; tap < 3; tap += 1) await inventory.press(teapot.getByTestId('item-increase'));
    await expect(teapot.getByTestId('item-count')).toHaveText('5');
    await expect.poll(() => saves).toBe(3);
    await expect(teapot.getByTestId('item-count')).toHaveText('5');
    await page.reload();
    await expect(inventory.ready).toBeVisible();
    await expect(inventory.item('Blue teapot').getByTestId('item-count')).toHaveText('5');
  });

  test('changes the server refuses are rolled back, with the reason', async ({
    page,
    inventory,
  }) => {
    await page.route('**/rest/v1/rpc/update_item', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'XX000',
          message: 'The database is down',
          details: null,
          hint: null,
        }),
      }),
    );
    const teapot = inventory.item('Blue teapot');
    const refused = restResponse(page, 'rpc/update_item');
    await inventory.press(teapot.getByTestId('item-increase'));
    await refused;
    await expect(teapot.getByTestId('item-count')).toHaveText('2');
    await inventory.expectToast('Update Failed', 'The database is down');

    await page.route('**/rest/v1/rpc/remove_shelf', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'XX000',
          message: 'The database is down',
          details: null,
          hint: null,
        }),
      }),
    );
    await inventory.chooseAction(inventory.shelf(1, 'A', 1), 'remove-shelf');
    await inventory.confirm('rpc/remove_shelf');
    await expect(inventory.shelves(1, 'A')).toHaveCount(2);
    await expect(teapot).toBeVisible();
    await inventory.expectToast('Failed to Remove Shelf', 'The database is down');
  });

  test("an item's menu opens in full by the last unit of a row and at the bottom of the screen, and deletes after the confirmation", async ({
    page,
    inventory,
  }) => {
    const unit = inventory.unit(1, 'B');
    const mug = inventory.item('Green mug');
    // Unit B is the last of its row: the menu stays on the screen and nothing covers it.
    const expectWholeAndOnTop = async () => {
      const menu = mug.getByRole('menu');
      await expect(menu).toBeVisible();
      const box = (await menu.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      const item = menu.getByTestId('item-delete');
      const hit = await item.evaluate((element) => {
        const r = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      });
      expect(hit).toBe(true);
    };
    await expect(unit).toBeVisible();
    await inventory.press(inventory.menuButton(mug, 'item-delete'));
    await expectWholeAndOnTop();
    // Pressed again, the button closes it.
    await inventory.press(inventory.menuButton(mug, 'item-delete'));
    await expect(mug.getByRole('menu')).toHaveCount(0);

    // The row at the very bottom of the screen: the menu opens above its button.
    const button = inventory.menuButton(mug, 'item-delete');
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    await page.setViewportSize({
      width: page.viewportSize()!.width,
      height: Math.ceil(box.y + box.height + 6),
    });
    await expect(button).toBeInViewport();
    await inventory.press(button);
    await expectWholeAndOnTop();
    expect((await mug.getByRole('menu').boundingBox())!.y).toBeLessThan(
      (await button.boundingBox())!.y,
    );

    await inventory.press(mug.getByRole('menu').getByTestId('item-delete'));
    await expect(mug.getByRole('menu')).toHaveCount(0);
    await expect(inventory.confirmDialog).toBeVisible();
    await inventory.confirm('rpc/remove_items');
    await expect(inventory.item('Green mug')).toHaveCount(0);
  });
});
