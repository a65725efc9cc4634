import { expect, test } from './fixtures';
import { SettingsPage } from './pages/settings-page';
import { seedShelf, seedStorage, setPlan } from './seed';

// Issue #25 point 2: from a backup, one deleted thing comes back, not the whole account.
test.describe('restore one thing from a backup', () => {
  let settings: SettingsPage;
  test.beforeEach(({ page }, testInfo) => {
    settings = new SettingsPage(page, Boolean(testInfo.project.use.hasTouch));
  });

  test('a Power seller finds a deleted item by name and brings it back on its shelf; the rest stays', async ({
    admin,
    seller,
  }) => {
    await setPlan(seller.accountId, 'power');
    const { itemIds, shelfId } = await seedShelf(seller.accountId, [
      { name: 'Blue mug', quantity: 2 },
      { name: 'Kettle' },
      { name: 'Lamp' },
    ]);
    await settings.goto('backups');
    await settings.press(settings.field('backup-now'));
    await expect(settings.field('backup-row')).toHaveCount(1);

    // after the backup: two items deleted, one renamed (the rename must survive)
    await admin.from('storage_items').delete().in('item_id', [itemIds[0]!, itemIds[2]!]);
    await admin
      .from('storage_items')
      .update({ item_name: 'Renamed kettle' })
      .eq('item_id', itemIds[1]!);

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
      .eq('account_id', seller.accountId)
      .order('item_name');
    expect(items.data).toEqual([
      { item_id: itemIds[0], item_name: 'Blue mug', quantity: 2, shelf_id: shelfId },
      { item_id: itemIds[1], item_name: 'Renamed kettle', quantity: 1, shelf_id: shelfId },
    ]);
  });

  test('a unit whose room is gone goes into the isle of a chosen shelf; a refusal says why', async ({
    admin,
    seller,
  }) => {
    await setPlan(seller.accountId, 'power');
    const [garage, spare] = await seedStorage(seller.accountId, [
      { name: 'Garage', isles: [{ index: 1, units: [{ shelves: [[{ name: 'Old lamp' }]] }] }] },
      // a second room to put things in
      { name: 'Spare room', isles: [{ index: 1, units: [{ name: 'Q', shelves: [[]] }] }] },
    ]);
    const oldUnit = garage!.isles[0]!.units[0]!;
    const lampId = oldUnit.shelves[0]!.itemIds[0]!;
    const spareIsle = spare!.isles[0]!;
    const unitQ = spareIsle.units[0]!;

    await settings.goto('backups');
    await settings.press(settings.field('backup-now'));
    await expect(settings.field('backup-row')).toHaveCount(1);
    // the Garage goes, with its unit A and the lamp
    await admin
      .from('storage_rooms')
      .delete()
      .eq('room_name', 'Garage')
      .eq('account_id', seller.accountId);

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
      .insert({
        item_id: lampId,
        account_id: seller.accountId,
        item_name: 'Old lamp',
        unit_id: unitQ.id,
      })
      .select('item_id');
    expect(lamp.error).toBeNull();
    await settings.press(place.getByTestId('restore-one-here'));
    await expect(settings.toastTitled('Restore Failed')).toContainText(
      'Unit A cannot come back as it was: "Old lamp" from it is now on Spare room › Isle 1 › Unit Q',
    );

    await admin.from('storage_items').delete().eq('item_id', lampId);
    await settings.press(place.getByTestId('restore-one-here'));
    await expect(settings.toastTitled('Restored')).toContainText(
      'Unit A is back at Spare room › Isle 1 › Unit A with 1 item',
    );
    const units = await admin
      .from('storage_units')
      .select('unit_id, unit_name, isle_id')
      .eq('account_id', seller.accountId)
      .order('unit_name');
    expect(units.data).toEqual([
      { unit_id: oldUnit.id, unit_name: 'A', isle_id: spareIsle.id },
      { unit_id: unitQ.id, unit_name: 'Q', isle_id: spareIsle.id },
    ]);
  });
});
