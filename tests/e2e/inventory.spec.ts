import { test as base, expect } from './fixtures';
import { InventoryPage, restResponse } from './pages/inventory-page';
import { seedStorage, setPlan } from './seed';

const test = base.extend<{ inventory: InventoryPage }>({
  inventory: async ({ page, touch }, use) => {
    await use(new InventoryPage(page, touch));
  },
});

test.describe('inventory', () => {
  test.setTimeout(60_000);

  test('builds a room with two isles, three unit types, shelves and items', async ({
    page,
    admin,
    seller,
    inventory,
  }) => {
    expect(seller.id).toBeTruthy();
    await inventory.goto();
    await expect(page.getByTestId('no-rooms')).toBeVisible();

    // Storage needs a room first: + Isle is not offered until there is one.
    await expect(page.getByTestId('add-isle')).toHaveCount(0);
    await expect(page.getByTestId('add-isle-needs-room')).toHaveText('Add a room first');

    await inventory.addRoom('Garage');
    await inventory.expectToast('Room Added', 'Garage was added');
    await expect(inventory.activeRoomTab).toHaveText('Garage');

    await inventory.addIsle(1, 'bay');
    await expect(inventory.unit(1, 'A')).toHaveAttribute('data-unit-type', 'bay');
    // An isle number already used in the room is refused with the spec's message.
    await inventory.addIsle(1, 'box', false);
    await inventory.expectToast(
      'Isle Number In Use',
      'Isle number 1 is already in use in this room',
    );
    await inventory.press(inventory.dialog.getByRole('button', { name: 'Cancel' }));

    // The unit size says what its number counts, and follows the choice.
    await inventory.press(inventory.isle(1).getByTestId('add-unit'));
    const sizeHint = page.getByTestId('add-unit-dialog-size-hint');
    await expect(sizeHint).toContainText('Holds about 50 items, shared by its shelves.');
    await page.getByTestId('add-unit-dialog-size').selectOption({ label: 'Large (100)' });
    await expect(sizeHint).toContainText('Holds about 100 items');
    await expect(page.getByTestId('add-unit-dialog-size')).toHaveAccessibleDescription(
      /Holds about 100 items/,
    );
    await inventory.press(inventory.dialog.getByRole('button', { name: 'Cancel' }));

    await inventory.addIsle(2, 'cabinet');
    await inventory.addUnit(1, 'bin');

    // Units are named A, B… per isle and coloured by type (default scheme).
    await expect(inventory.unit(1, 'B')).toHaveAttribute('data-unit-type', 'bin');
    await expect(inventory.unit(2, 'A')).toHaveAttribute('data-unit-type', 'cabinet');
    await expect(inventory.unit(1, 'A').getByTestId('unit-header')).toHaveCSS(
      'background-color',
      'rgb(29, 78, 216)',
    );
    await expect(inventory.unit(2, 'A').getByTestId('unit-header')).toHaveCSS(
      'background-color',
      'rgb(5, 150, 105)',
    );

    for (let i = 0; i < 3; i += 1) await inventory.addShelf(1, 'A');
    await inventory.addShelf(2, 'A');
    await expect(inventory.shelves(1, 'A')).toHaveCount(3);
    await expect(inventory.shelves(2, 'A')).toHaveCount(1);

    await inventory.addItem(inventory.shelf(1, 'A', 2), {
      name: 'Blue teapot',
      quantity: 2,
      barcode: '5012345678900',
      sku: 'TP-1',
      price: '4.50',
      expiry: '12/31/2030',
    });
    await inventory.expectToast('Item Added', 'Blue teapot was added to your inventory');
    const teapot = inventory.shelf(1, 'A', 2).getByTestId('item');
    await expect(teapot).toContainText('Blue teapot');
    // Every code in full on the row, and all of them in its title.
    const details = teapot.getByTestId('item-details');
    await expect(teapot.getByTestId('item-expiry')).toHaveText('Exp. 12/31/2030');
    await expect(teapot.getByTestId('item-sku')).toHaveText('TP-1');
    await expect(teapot.getByTestId('item-barcode')).toHaveText('5012345678900');
    await expect(teapot.getByTestId('item-price')).toHaveText('$4.50');
    await expect(details).toHaveAttribute(
      'title',
      'Barcode 5012345678900 · SKU TP-1 · Paid $4.50 · Expires 12/31/2030',
    );
    await inventory.addItem(inventory.shelf(2, 'A', 1), { name: 'Red kettle' });

    // Quantity changes show at once and are saved.
    const saved = restResponse(page, 'rpc/update_item');
    await inventory.press(teapot.getByTestId('item-increase'));
    await expect(teapot.getByTestId('item-count')).toHaveText('3');
    expect((await saved).ok()).toBe(true);

    // After a reload the screen shows exactly what the database holds.
    await page.reload();
    await expect(inventory.ready).toBeVisible();
    await expect(inventory.shelf(1, 'A', 2).getByTestId('item-count')).toHaveText('3');
    await expect(inventory.shelf(2, 'A', 1)).toContainText('Red kettle');
    await expect(page.getByTestId('usage-units')).toHaveText('3 of 3 units');
    await expect(page.getByTestId('usage-items')).toHaveText('2 of 100 items');

    // Filtering by unit type shows only units of that type.
    await page.getByTestId('unit-type-filter').selectOption('cabinet');
    await expect(page.getByTestId('unit')).toHaveCount(1);
    await expect(inventory.unit(2, 'A')).toBeVisible();
    await page.getByTestId('unit-type-filter').selectOption('all');
    await expect(page.getByTestId('unit')).toHaveCount(3);

    // Every change wrote its log line.
    const { data: logs } = await admin
      .from('storage_logs')
      .select('action, details')
      .eq('account_id', seller.accountId)
      .order('timestamp');
    expect(logs?.map((log) => log.action)).toEqual([
      'add_room',
      'add_isle',
      'add_isle',
      'add_unit',
      'add_shelf',
      'add_shelf',
      'add_shelf',
      'add_shelf',
      'add_item',
      'add_item',
      'update_item',
    ]);
    expect(logs?.[3]?.details).toBe('Added unit B (bin) to Garage / Isle 1');
  });

  test('searches by name and barcode and takes the seller to the shelf, in any room', async ({
    page,
    admin,
    seller,
    inventory,
  }) => {
    await setPlan(seller.accountId, 'growing');
    const [garage, shed] = await seedStorage(seller.accountId, [
      {
        name: 'Garage',
        isles: [
          {
            index: 1,
            units: [
              {
                type: 'bay',
                shelves: [
                  [{ name: 'Blue teapot', barcode: '5012345678900' }],
                  [{ name: 'Green mug' }],
                ],
              },
            ],
          },
          { index: 2, units: [{ type: 'box', shelves: [[{ name: 'Red kettle', quantity: 4 }]] }] },
        ],
      },
      {
        name: 'Shed',
        isles: [
          {
            index: 1,
            units: [{ type: 'bin', shelves: [[], [{ name: 'Old lamp', barcode: 'LAMP-111' }]] }],
          },
        ],
      },
    ]);
    await inventory.goto();

    // The first room is active; the choice survives a reload.
    await expect(inventory.activeRoomTab).toHaveText('Garage');
    await inventory.press(inventory.roomTab('Shed'));
    await expect(inventory.activeRoomTab).toHaveText('Shed');
    await page.reload();
    await expect(inventory.ready).toBeVisible();
    await expect(inventory.activeRoomTab).toHaveText('Shed');

    // Recently added: newest first.
    await expect(inventory.recentItems.first()).toContainText('Old lamp');
    await expect(inventory.recentItems).toHaveCount(4);

    // Name search: contains, case-insensitive, with the hit's location.
    await inventory.search('name', 'KETTLE');
    await expect(inventory.searchResults).toHaveCount(1);
    await expect(inventory.searchResults.first()).toContainText('Red kettle');
    await expect(inventory.searchResults.first().getByTestId('hit-location')).toHaveText(
      'Garage › Isle 2 › A › Shelf 1',
    );
    await inventory.press(inventory.searchResults.first());
    await expect(inventory.activeRoomTab).toHaveText('Garage');
    const kettleShelf = inventory.shelf(2, 'A', 1);
    await expect(kettleShelf).toHaveAttribute('data-highlighted', 'true');
    await expect(kettleShelf).toBeFocused();
    await expect(kettleShelf).toBeInViewport();

    // Barcode search: an exact barcode finds just that item (server query with its location).
    const searched = restResponse(page, 'storage_items', 'GET');
    await inventory.search('barcode', 'lamp-111');
    await searched;
    await expect(inventory.searchResults).toHaveCount(1);
    await expect(inventory.searchResults.first().getByTestId('hit-location')).toHaveText(
      'Shed › Isle 1 › A › Shelf 2',
    );
    // Keyboard: from the search box to the hit, Enter goes there.
    await inventory.searchInput.focus();
    await page.keyboard.press('Tab');
    await expect(inventory.searchResults.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(inventory.activeRoomTab).toHaveText('Shed');
    await expect(inventory.shelf(1, 'A', 2)).toHaveAttribute('data-highlighted', 'true');
    // The highlight goes after a few seconds, so it does not linger through later moves.
    await expect(inventory.shelf(1, 'A', 2)).not.toHaveAttribute('data-highlighted', 'true', {
      timeout: 10_000,
    });

    // Barcode search also matches part of a name or barcode.
    await inventory.searchInput.fill('50123');
    await expect(inventory.searchResults).toHaveCount(1);
    await expect(inventory.searchResults.first()).toContainText('Blue teapot');
    await inventory.searchInput.fill('no such thing');
    await expect(page.getByTestId('item-search-results')).toHaveText('No items found.');

    // Issue #41: a shelf label's code typed into the search bar goes to that shelf at once, from
    // any room; a unit's code scanned with the focus on no field goes to the unit's first shelf.
    const codeOf = async (table: 'storage_shelves' | 'storage_units', column: string, id: string) =>
      ((await admin.from(table).select('code').eq(column, id).single()).data as { code: string })
        .code;
    const mugShelf = await codeOf(
      'storage_shelves',
      'shelf_id',
      garage!.isles[0]!.units[0]!.shelves[1]!.id,
    );
    const shedUnit = await codeOf('storage_units', 'unit_id', shed!.isles[0]!.units[0]!.id);
    await inventory.searchInput.fill(mugShelf.toLowerCase().replace('-', ''));
    await expect(inventory.activeRoomTab).toHaveText('Garage');
    await expect(inventory.shelf(1, 'A', 2)).toHaveAttribute('data-highlighted', 'true');
    await expect(page.getByTestId('item-search-place')).toContainText(
      `Shelf ${mugShelf}Garage › Isle 1 › Unit A › Shelf 2`,
    );
    await inventory.searchInput.fill('S-99999');
    await expect(page.getByTestId('item-search-place-missing')).toHaveText(
      'No shelf or unit of yours has the code S-99999.',
    );
    await inventory.searchInput.blur();
    await inventory.scanAnywhere(shedUnit);
    await expect(inventory.activeRoomTab).toHaveText('Shed');
    await expect(inventory.shelf(1, 'A', 1)).toHaveAttribute('data-highlighted', 'true');
    await expect(inventory.searchInput).toHaveValue(shedUnit);
  });

  test('renames and removes things, renumbering shelves and isles and cascading removals', async ({
    page,
    admin,
    seller,
    inventory,
  }) => {
    await setPlan(seller.accountId, 'growing');
    await seedStorage(seller.accountId, [
      {
        name: 'Garage',
        isles: [
          {
            index: 1,
            units: [
              {
                type: 'bay',
                shelves: [[{ name: 'Teapot' }], [{ name: 'Mug' }], [{ name: 'Kettle' }]],
              },
              { type: 'box', shelves: [[]] },
            ],
          },
          { index: 2, units: [{ type: 'cabinet', shelves: [[{ name: 'Lamp' }]] }] },
          { index: 3, units: [{ type: 'bin', shelves: [[{ name: 'Bulb' }]] }] },
        ],
      },
      {
        name: 'Shed',
        isles: [{ index: 1, units: [{ type: 'box', shelves: [[{ name: 'Rake' }]] }] }],
      },
    ]);
    await inventory.goto();

    // Rename the room, a unit and an item.
    await inventory.press(page.getByTestId('rename-room'));
    await page.getByTestId('room-name-dialog-input').fill('Big garage');
    let answer = restResponse(page, 'rpc/update_room');
    await inventory.press(page.getByTestId('room-name-dialog-submit'));
    await expect(inventory.activeRoomTab).toHaveText('Big garage');
    expect((await answer).ok()).toBe(true);

    await inventory.chooseAction(inventory.unit(1, 'B'), 'rename-unit');
    await page.getByTestId('unit-name-dialog-input').fill('Top');
    answer = restResponse(page, 'rpc/rename_unit');
    await inventory.press(page.getByTestId('unit-name-dialog-submit'));
    await expect(inventory.unit(1, 'Top')).toBeVisible();
    expect((await answer).ok()).toBe(true);

    await inventory.press(inventory.item('Teapot').getByTestId('item-edit'));
    await page.getByTestId('item-item_name').fill('Teapot XL');
    answer = restResponse(page, 'rpc/update_item');
    await inventory.press(page.getByTestId('item-dialog-submit'));
    await expect(inventory.item('Teapot XL')).toBeVisible();
    expect((await answer).ok()).toBe(true);

    // Removing the middle shelf renumbers the rest from 1; its items go with it.
    await inventory.chooseAction(inventory.shelf(1, 'A', 2), 'remove-shelf');
    await expect(inventory.confirmDialog).toContainText(
      'Remove shelf 2 of unit A with its 1 item (total quantity 1)?',
    );
    await inventory.confirm('rpc/remove_shelf');
    await expect(inventory.shelves(1, 'A')).toHaveCount(2);
    await expect(inventory.shelf(1, 'A', 2)).toContainText('Kettle');
    await expect(inventory.item('Mug')).toHaveCount(0);

    // Delete one item.
    await inventory.chooseAction(inventory.item('Kettle'), 'item-delete');
    await inventory.confirm('rpc/remove_items');
    await expect(inventory.item('Kettle')).toHaveCount(0);

    // Removing isle 2 renumbers isle 3 to 2.
    await inventory.chooseAction(inventory.isle(2), 'remove-isle');
    await inventory.confirm('rpc/remove_isle');
    await expect(inventory.isles).toHaveCount(2);
    await expect(inventory.unit(2, 'A')).toHaveAttribute('data-unit-type', 'bin');
    await expect(inventory.item('Lamp')).toHaveCount(0);

    // Removing an isle's last unit removes the isle.
    await inventory.chooseAction(inventory.unit(2, 'A'), 'remove-unit');
    await expect(inventory.confirmDialog).toContainText('the isle is removed too');
    await inventory.confirm('rpc/remove_unit');
    await expect(inventory.isles).toHaveCount(1);
    await expect(inventory.item('Bulb')).toHaveCount(0);

    // The screen matches the database after a reload.
    await page.reload();
    await expect(inventory.ready).toBeVisible();
    await expect(inventory.isles).toHaveCount(1);
    await expect(inventory.shelves(1, 'A')).toHaveCount(2);
    await expect(inventory.item('Teapot XL')).toBeVisible();
    await expect(inventory.unit(1, 'Top')).toBeVisible();

    // Deleting the active room makes the first other room active.
    await inventory.press(page.getByTestId('remove-room'));
    await inventory.confirm('rpc/remove_room');
    await expect(inventory.activeRoomTab).toHaveText('Shed');
    await expect(inventory.item('Rake')).toBeVisible();
    await page.reload();
    await expect(inventory.ready).toBeVisible();
    await expect(inventory.activeRoomTab).toHaveText('Shed');

    // Every change wrote its log line.
    const { data: logs } = await admin
      .from('storage_logs')
      .select('action')
      .eq('account_id', seller.accountId);
    expect(new Set(logs?.map((log) => log.action))).toEqual(
      new Set([
        'update_room',
        'update_unit',
        'update_item',
        'remove_shelf',
        'remove_item',
        'remove_isle',
        'remove_unit',
        'remove_room',
      ]),
    );
  });

  test('plan limits on a free account: units, rooms and items, checked first and by the database', async ({
    page,
    admin,
    seller,
    inventory,
  }) => {
    // The free plan's 100 items are on the shelf from the start: this screen hears of no other
    // device's change (below), so it must load them to know the limit.
    const [garage] = await seedStorage(seller.accountId, [
      {
        name: 'Garage',
        isles: [
          {
            index: 1,
            units: [
              {
                type: 'box',
                shelves: [Array.from({ length: 100 }, (_, i) => ({ name: `Stock ${i + 1}` }))],
              },
              { type: 'bay', shelves: [] },
            ],
          },
        ],
      },
    ]);
    // This screen must not hear of the other device's unit, so that the database refuses.
    await page.routeWebSocket(/\/realtime\/v1\/websocket/, () => {});
    await inventory.goto();
    await expect(page.getByTestId('unit')).toHaveCount(2);

    // Another device adds a third unit; this screen still shows two, so the database refuses
    // the next one and the screen ends up showing exactly the three it holds.
    const inserted = await admin
      .from('storage_units')
      .insert({ account_id: seller.accountId, isle_id: garage!.isles[0]!.id, unit_name: 'Z' });
    expect(inserted.error).toBeNull();
    await inventory.addUnit(1, 'cabinet');
    await inventory.expectToast(
      'Plan Limit Reached',
      'You can only add up to 3 units in your current plan',
    );
    await expect(page.getByTestId('unit')).toHaveCount(3);
    await expect(inventory.unit(1, 'Z')).toBeVisible();
    await inventory.press(inventory.dialog.getByRole('button', { name: 'Cancel' }));

    // Now the screen knows: + Unit says the limit where it starts, with no form and no request.
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/rpc/add_unit')) requests.push(request.method());
    });
    await inventory.press(inventory.isle(1).getByTestId('add-unit'));
    await expect(page.getByTestId('add-unit-dialog-limit')).toContainText(
      'Your Free plan holds 3 storage units and you have 3. Upgrade to add more.',
    );
    await expect(page.getByTestId('add-unit-dialog-type')).toHaveCount(0);
    await expect(page.getByTestId('add-unit-dialog-submit')).toBeDisabled();
    expect(requests.filter((method) => method === 'POST')).toEqual([]);
    await inventory.press(inventory.dialog.getByRole('button', { name: 'Cancel' }));
    await expect(page.getByTestId('unit')).toHaveCount(3);

    // One room on the free plan: + Room says so, with the link to the plans, before any name.
    await inventory.press(page.getByTestId('add-room'));
    await expect(page.getByTestId('room-name-dialog-limit')).toContainText(
      'Your Free plan holds 1 room and you have 1. Upgrade to add more.',
    );
    await expect(
      page
        .getByTestId('room-name-dialog-limit')
        .getByRole('link', { name: 'See plans and upgrade' }),
    ).toHaveAttribute('href', '/pricing');
    await expect(page.getByTestId('room-name-dialog-input')).toHaveCount(0);
    await inventory.press(inventory.dialog.getByRole('button', { name: 'Cancel' }));
    await expect(page.getByTestId('room-tab')).toHaveCount(1);

    // 100 items on the free plan.
    await expect(page.getByTestId('usage-items')).toHaveText('100 of 100 items');
    // Said where the action starts, with the way to upgrade, before any field is filled; the
    // database's own refusal past the limit is held by the integration tests.
    await inventory.press(inventory.shelves(1, 'A').first().getByTestId('add-item'));
    await expect(page.getByTestId('item-dialog-limit')).toContainText(
      'Your Free plan holds 100 items and you have 100. Upgrade to add more.',
    );
    await expect(
      page.getByTestId('item-dialog-limit').getByRole('link', { name: 'See plans and upgrade' }),
    ).toHaveAttribute('href', '/pricing');
    await expect(page.getByTestId('item-dialog-submit')).toBeDisabled();
    await inventory.press(inventory.dialog.getByRole('button', { name: 'Cancel' }));
    await expect(inventory.item('One too many')).toHaveCount(0);
  });

  // The inventory's tablet layout (docs/architecture.md#writing-an-e2e-test): both projects.
  test(
    'the shelves come first: ten rooms stay one row of tabs, search is a bar, recent items open on demand',
    { tag: '@touch' },
    async ({ page, seller, inventory, touch }) => {
      if (!touch) await page.setViewportSize({ width: 1366, height: 768 });
      // An Elite seller at the room limit, with long-ish room names; the first room's unit has
      // the five shelves a seller's first screen may hold.
      await setPlan(seller.accountId, 'elite');
      await seedStorage(seller.accountId, [
        {
          name: 'Main garage',
          isles: [
            { index: 1, units: [{ type: 'bay', shelves: [[{ name: 'Hammer' }], [], [], [], []] }] },
          ],
        },
        ...Array.from({ length: 9 }, (_, i) => ({ name: `Storage room ${i + 2}`, isles: [] })),
      ]);
      await inventory.goto();

      const tabs = page.getByTestId('room-tab');
      await expect(tabs).toHaveCount(10);
      const tops = await tabs.evaluateAll((all) =>
        all.map((tab) => Math.round(tab.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);
      // The first shelf and its item are on the first screen, without scrolling.
      const shelf = await inventory.shelf(1, 'A', 1).boundingBox();
      expect(shelf!.y + 40).toBeLessThan(page.viewportSize()!.height);
      await expect(inventory.item('Hammer')).toBeInViewport();

      // The last room's tab is reached along the row (keyboard on a desktop, a swipe on a
      // tablet) and, once chosen, is in view.
      const last = tabs.last();
      await expect(last).not.toBeInViewport({ ratio: 1 });
      if (touch) {
        await page.getByTestId('room-tabs').evaluate((list) => list.scrollBy({ left: 5000 }));
        await inventory.press(last);
      } else {
        await last.focus();
        await page.keyboard.press('Enter');
      }
      await expect(last).toHaveAttribute('aria-pressed', 'true');
      await expect(last).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('no-isles')).toBeVisible();

      // Recently added: in view on a desktop, a drop-down on a tablet; going to its item opens
      // the item's room.
      const recent = page.getByTestId('recent-items');
      if (touch) {
        await expect(recent).toBeHidden();
        await inventory.press(page.getByTestId('recent-items-section').locator('summary'));
        await expect(inventory.recentItems.first()).toContainText('Hammer');
        await expect(recent).toBeVisible();
        // Going to the item closes the drop-down that would cover its shelf.
        await inventory.press(inventory.recentItems.first());
        await expect(recent).toBeHidden();
        await expect(inventory.shelf(1, 'A', 1)).toHaveAttribute('data-highlighted', 'true');
      } else {
        await expect(recent).toBeVisible();
      }
      await inventory.search('name', 'hamm');
      await expect(inventory.searchResults.first()).toContainText('Hammer');
    },
  );

  test('the Add item dialog fits a 768 px high screen: its fields scroll, Add item stays in view', async ({
    page,
    seller,
    inventory,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await seedStorage(seller.accountId, [
      { name: 'Garage', isles: [{ index: 1, units: [{ type: 'box', shelves: [[]] }] }] },
    ]);
    await inventory.goto();
    await inventory.press(inventory.shelf(1, 'A', 1).getByTestId('add-item'));
    const dialog = page.getByTestId('item-dialog');
    await expect(dialog).toBeVisible();
    // (Tapping + Item may have scrolled the page to the shelf; from here on it must not move.)
    const pageScroll = await page.evaluate(() => window.scrollY);
    const submit = page.getByTestId('item-dialog-submit');
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    await expect(submit).toBeInViewport({ ratio: 1 });
    await expect(cancel).toBeInViewport({ ratio: 1 });
    const box = await dialog.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);

    // The last field is reached by scrolling the dialog's body, and the item is added from there.
    await page.getByTestId('item-item_name').fill('Tall lamp');
    await page.getByTestId('item-expiry_date').scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);
    const answer = restResponse(page, 'rpc/add_item');
    await inventory.press(submit);
    await answer;
    await expect(inventory.item('Tall lamp')).toBeVisible();
  });
});
