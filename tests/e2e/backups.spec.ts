import fs from 'node:fs/promises';
import { expect, test } from './fixtures';
import { SettingsPage } from './pages/settings-page';
import { seedShelf, setPlan } from './seed';

test.describe('backups', () => {
  let settings: SettingsPage;
  test.beforeEach(({ page }, testInfo) => {
    settings = new SettingsPage(page, Boolean(testInfo.project.use.hasTouch));
  });

  test('a free seller takes a backup now, sees it listed and downloads it; restore needs Power Seller', async ({
    page,
    seller,
  }) => {
    await seedShelf(seller.accountId, [{ name: 'Lamp' }, { name: 'Kettle' }]);
    await settings.goto('backups');
    await expect(settings.field('backups-empty')).toBeVisible();

    await settings.press(settings.field('backup-now'));
    await expect(settings.field('backup-row')).toHaveCount(1);
    await expect(settings.field('backup-row')).toContainText('2');
    await expect(settings.field('restore-upgrade')).toContainText(
      'Restoring a backup needs the Power Seller plan or higher',
    );
    await expect(settings.field('backup-restore')).toBeDisabled();

    const download = page.waitForEvent('download');
    await settings.press(settings.field('backup-download'));
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^stockroom-backup-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
    const json = JSON.parse(await fs.readFile((await file.path())!, 'utf8')) as {
      snapshot: { version: number; items: { item_name: string }[] };
      item_count: number;
    };
    expect(json.item_count).toBe(2);
    expect(json.snapshot.version).toBe(1);
    expect(json.snapshot.items.map((i) => i.item_name).sort()).toEqual(['Kettle', 'Lamp']);
  });

  test("a Power seller restores a backup: 'Backup Restored' and the data is back", async ({
    admin,
    seller,
  }) => {
    await setPlan(seller.accountId, 'power');
    const { itemIds } = await seedShelf(seller.accountId, [{ name: 'Lamp' }, { name: 'Kettle' }]);
    await settings.goto('backups');
    await settings.press(settings.field('backup-now'));
    await expect(settings.field('backup-row')).toHaveCount(1);

    // after the backup: one item is lost, another renamed
    await admin.from('storage_items').delete().eq('item_id', itemIds[0]!);
    await admin
      .from('storage_items')
      .update({ item_name: 'Renamed kettle' })
      .eq('item_id', itemIds[1]!);

    await settings.press(settings.field('backup-restore'));
    await expect(settings.field('restore-dialog')).toContainText('(2 items)');
    await settings.press(settings.field('restore-dialog-confirm'));
    await expect(settings.toastTitled('Backup Restored')).toBeVisible();

    const items = await admin
      .from('storage_items')
      .select('item_id, item_name')
      .eq('account_id', seller.accountId)
      .order('item_name');
    expect(items.data).toEqual([
      { item_id: itemIds[1], item_name: 'Kettle' },
      { item_id: itemIds[0], item_name: 'Lamp' },
    ]);
    const log = await admin
      .from('storage_logs')
      .select('action')
      .eq('account_id', seller.accountId)
      .eq('action', 'restore_backup');
    expect(log.data).toHaveLength(1);

    // A backup holding more rooms than Power Seller allows says so before the seller confirms.
    const taken = await admin
      .from('backups')
      .select('backup_id, snapshot')
      .eq('account_id', seller.accountId)
      .single();
    const snapshot = taken.data!.snapshot as { rooms: unknown[] };
    snapshot.rooms = Array.from({ length: 6 }, () => snapshot.rooms[0]);
    await admin.from('backups').update({ snapshot }).eq('backup_id', taken.data!.backup_id);
    await settings.goto('backups');
    await settings.press(settings.field('backup-restore'));
    await expect(settings.field('restore-limit')).toHaveText(
      'This backup holds 6 rooms; your Power Seller plan allows 5 rooms. Upgrade to restore it. See plans and upgrade',
    );
    await expect(
      settings.field('restore-limit').getByRole('link', { name: 'See plans and upgrade' }),
    ).toHaveAttribute('href', '/pricing');
    await expect(settings.field('restore-dialog-confirm')).toBeDisabled();
  });

  test("a damaged backup gives 'Restore Failed' and leaves everything as it was", async ({
    admin,
    seller,
  }) => {
    await setPlan(seller.accountId, 'elite');
    await seedShelf(seller.accountId, [{ name: 'Lamp' }]);
    await settings.goto('backups');
    await settings.press(settings.field('backup-now'));
    await expect(settings.field('backup-row')).toHaveCount(1);

    const backup = await admin
      .from('backups')
      .select('backup_id, snapshot')
      .eq('account_id', seller.accountId)
      .single();
    const snapshot = backup.data!.snapshot as { items: Record<string, unknown>[] };
    snapshot.items[0]!.item_name = null;
    await admin.from('backups').update({ snapshot }).eq('backup_id', backup.data!.backup_id);

    await settings.press(settings.field('backup-restore'));
    await settings.press(settings.field('restore-dialog-confirm'));
    await expect(settings.toastTitled('Restore Failed')).toContainText(
      'This backup could not be restored, nothing was changed',
    );
    const items = await admin
      .from('storage_items')
      .select('item_name')
      .eq('account_id', seller.accountId);
    expect(items.data).toEqual([{ item_name: 'Lamp' }]);
  });
});
