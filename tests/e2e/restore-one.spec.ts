import { expect, test } from './fixtures';
import { SettingsPage } from './pages/settings-page';
import { seedStorage, setSellerPlan } from './seed-storage';

// Issue #25 point 2: from a backup, one deleted thing comes back, not the whole account.
test.describe('restore one thing from a backup', () => {
  let settings: SettingsPage;
  test.beforeEach(({ page }, testInfo) => {
    settings = new SettingsPage(page, Boolean(testInfo.project.use.hasTouch));
  });

  test('a Power seller finds a deleted item by name and brings it back on its shelf; the rest stays', async ({
    admin,
    sellerAccount,
    loginPage,
    dashboard,
  }) => {
    await setSellerPlan(admin, sellerAccount.id, 'power');
    const { itemIds, shelfId } = await seedStorage(admin, sellerAccount.id, [
      { item_name: 'Blue mug', quantity: 2 },
      { item_name: 'Kettle' },
      { item_name: 'Lamp' },
    ]);
    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    await settings.goto('backups');
    await settings.press(settings.field('backup-now'));
    await expect(settings.field('backup-row')).toHaveCount(1);

    // after the backup: two items deleted, one renamed (the rename must survive)
    await admin.from('storage_items').delete().in('item_id', [itemIds[0]!, itemIds[2]!]);
    await admin.from('storage_items').update({ item_name: 'Renamed kettle' }).eq('item_id', itemIds[1]!);

    await settings.press(settings.field('backup-restore-one'));
    const dialog = settings.field('restore-one-dialog');
    await expect(dialog.getByTestId('restore-one-row')).toHaveCount(2);
    await dialog.getByTestId('restore-one-search').fill('mug');
    await expect(dialog.getByTestId('restore-one-row')).toHaveCount(1);
    const row = dialog.getByTestId('restore-one-row');
    await expect(row).toContainText('Blue mug');
    await expect(row).toContainText('Was at Garage › Isle 1 › Unit A › Shelf 1');

    await settings.press(row.getByRole('button', { name: 'Restore item Blue mug' }));
    await expect(settings.toastTitled('Restored')).toContainText(
      '"Blue mug" is back at Garage › Isle 1 › Unit A › Shelf 1',
    );
    await expect(dialog.getByTestId('restore-one-none')).toBeVisible();

    const items = await admin
      .from('storage_items')
      .select('item_id, item_name, quantity, shelf_id')
      .eq('user_id', sellerAccount.id)
      .order('item_name');
    expect(items.data).toEqual([
      { item_id: itemIds[0], item_name: 'Blue mug', quantity: 2, shelf_id: shelfId },
      { item_id: itemIds[1], item_name: 'Renamed kettle', quantity: 1, shelf_id: shelfId },
    ]);
  });

  test('a unit whose room is gone goes into the isle of a chosen shelf; a refusal says why', async ({
    admin,
    sellerAccount,
    loginPage,
    dashboard,
  }) => {
    await setSellerPlan(admin, sellerAccount.id, 'power');
    const old = await seedStorage(admin, sellerAccount.id, [{ item_name: 'Old lamp' }]);
    // a second room to put things in
    const room = await admin
      .from('storage_rooms')
      .insert({ user_id: sellerAccount.id, room_name: 'Spare room' })
      .select('room_id')
      .single();
    const isle = await admin
      .from('storage_isles')
      .insert({ user_id: sellerAccount.id, room_id: room.data!.room_id, isle_index: 1 })
      .select('isle_id')
      .single();
    const unit = await admin
      .from('storage_units')
      .insert({ user_id: sellerAccount.id, isle_id: isle.data!.isle_id, unit_name: 'Q', unit_index: 1 })
      .select('unit_id')
      .single();
    await admin.from('storage_shelves').insert({ user_id: sellerAccount.id, unit_id: unit.data!.unit_id, shelf_index: 1 });

    await loginPage.goto();
    await loginPage.signIn(sellerAccount.email, sellerAccount.password);
    await dashboard.expectLoaded();
    await settings.goto('backups');
    await settings.press(settings.field('backup-now'));
    await expect(settings.field('backup-row')).toHaveCount(1);
    // the Garage goes, with its unit A and the lamp
    await admin.from('storage_rooms').delete().eq('room_name', 'Garage').eq('user_id', sellerAccount.id);

    await settings.press(settings.field('backup-restore-one'));
    const dialog = settings.field('restore-one-dialog');
    const row = dialog.getByTestId('restore-one-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Unit A');
    await expect(row).toContainText('with 1 item');
    await expect(row).toContainText('(that place is gone)');
    await settings.press(row.getByRole('button', { name: 'Restore unit Unit A' }));
    const place = dialog.getByTestId('restore-one-place');
    await expect(place).toContainText('the unit goes last into that shelf’s isle');
    await expect(place.getByTestId('restore-one-here')).toBeDisabled();
    await place.getByTestId('restore-one-shelf-room').selectOption({ label: 'Spare room' });
    await place.getByTestId('restore-one-shelf-isle').selectOption({ label: 'Isle 1' });
    await place.getByTestId('restore-one-shelf-unit').selectOption({ label: 'Unit Q' });
    await place.getByTestId('restore-one-shelf-shelf').selectOption({ label: 'Shelf 1' });

    // meanwhile the lamp came back another way: the server refuses and says where it is
    const lamp = await admin
      .from('storage_items')
      .insert({ item_id: old.itemIds[0], user_id: sellerAccount.id, item_name: 'Old lamp', unit_id: unit.data!.unit_id })
      .select('item_id');
    expect(lamp.error).toBeNull();
    await settings.press(place.getByTestId('restore-one-here'));
    await expect(settings.toastTitled('Restore Failed')).toContainText(
      'Unit A cannot come back as it was: "Old lamp" from it is now on Spare room › Isle 1 › Unit Q',
    );

    await admin.from('storage_items').delete().eq('item_id', old.itemIds[0]!);
    await settings.press(place.getByTestId('restore-one-here'));
    await expect(settings.toastTitled('Restored')).toContainText(
      'Unit A is back at Spare room › Isle 1 › Unit A with 1 item',
    );
    const units = await admin
      .from('storage_units')
      .select('unit_id, unit_name, isle_id')
      .eq('user_id', sellerAccount.id)
      .order('unit_name');
    expect(units.data).toEqual([
      { unit_id: old.unitId, unit_name: 'A', isle_id: isle.data!.isle_id },
      { unit_id: unit.data!.unit_id, unit_name: 'Q', isle_id: isle.data!.isle_id },
    ]);
  });
});
