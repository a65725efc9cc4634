import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { LogsPage } from './pages/logs-page';
import { createSeller } from './seed';

test.describe('activity log', () => {
  test('shows entries newest first, filters by action, pages, and clears all', async ({
    page,
    seller,
    admin,
    touch,
  }) => {
    const base = Date.parse('2026-11-20T09:00:00Z');
    const lines = Array.from({ length: 55 }, (_, i) => ({
      account_id: seller.accountId,
      action: i % 5 === 0 ? 'import_items' : 'add_item',
      details:
        i % 5 === 0
          ? `Imported ${i} item(s)`
          : `Added 1 x Item ${i} to Garage / Isle 1 / Unit A / Shelf 1`,
      timestamp: new Date(base + i * 60_000).toISOString(),
    }));
    const inserted = await admin.from('storage_logs').insert(lines);
    expect(inserted.error).toBeNull();

    const logs = new LogsPage(page, touch);
    await logs.goto();
    await expect(logs.rows).toHaveCount(50);
    await expect(logs.details.first()).toHaveText(
      'Added 1 x Item 54 to Garage / Isle 1 / Unit A / Shelf 1',
    );
    await expect(logs.actions.first()).toHaveText('Item added');
    await expect(logs.pageInfo).toHaveText('Page 1 of 2 · 55 entries');
    expect(await seriousViolations(page)).toEqual([]);
    await logs.press(logs.olderButton);
    await expect(logs.rows).toHaveCount(5);
    await expect(logs.details.last()).toHaveText('Imported 0 items');

    await logs.filterBy('Items imported');
    await expect(logs.actions).toHaveText(Array.from({ length: 11 }, () => 'Items imported'));
    await expect(logs.details.first()).toHaveText('Imported 50 items');
    await expect(logs.pageInfo).toHaveText('Page 1 of 1 · 11 entries');

    await logs.filterBy('Item moved');
    await expect(logs.empty).toHaveText('No item moved entries.');

    await logs.filterBy('All actions');
    await logs.clearAll();
    await expect(logs.empty).toHaveText(
      'No activity yet. Changes to your stock will be listed here.',
    );
    const left = await admin
      .from('storage_logs')
      .select('log_id')
      .eq('account_id', seller.accountId);
    expect(left.data).toEqual([]);
  });

  test('filters storage actions too, writes times in the date format of Settings, and says who', async ({
    page,
    seller,
    admin,
    touch,
  }) => {
    const prefs = await admin
      .from('user_preferences')
      .update({ date_format: 'UK' })
      .eq('account_id', seller.accountId);
    expect(prefs.error).toBeNull();
    // A team member made one of the changes: the line names them by their address.
    const member = await createSeller({ tag: 'member' });
    const inserted = await admin.from('storage_logs').insert([
      {
        account_id: seller.accountId,
        user_id: seller.id,
        action: 'add_room',
        details: 'Added room Garage',
        timestamp: '2026-11-20T09:00:00Z',
      },
      {
        account_id: seller.accountId,
        user_id: member.id,
        action: 'add_isle',
        details: 'Added isle 1 to room Garage',
        timestamp: '2026-11-20T09:01:00Z',
      },
      {
        account_id: seller.accountId,
        user_id: seller.id,
        action: 'add_item',
        details: 'Added 1 x Mug',
        timestamp: '2026-11-20T09:02:00Z',
      },
    ]);
    expect(inserted.error).toBeNull();

    const logs = new LogsPage(page, touch);
    await logs.goto();
    await expect(logs.actions).toHaveText(['Item added', 'Isle added', 'Room added']);
    await expect(page.getByRole('columnheader', { name: 'Who' })).toBeVisible();
    await expect(logs.who).toHaveText(['You', member.email, 'You']);
    await expect(logs.who.nth(1)).toBeInViewport();
    await expect(logs.rows.first().locator('time')).toHaveText(/^20\/11\/2026 \d{2}:\d{2}$/);
    await logs.filterBy('Isle added');
    await expect(logs.actions).toHaveText(['Isle added']);
    await expect(logs.who).toHaveText([member.email]);
    await logs.filterBy('Room added');
    await expect(logs.details).toHaveText(['Added room Garage']);
  });

  test("says 'Clear Failed' and keeps the entries when clearing fails", async ({
    page,
    seller,
    admin,
    touch,
  }) => {
    await admin
      .from('storage_logs')
      .insert({
        account_id: seller.accountId,
        action: 'remove_room',
        details: 'Removed room Loft',
      });
    const logs = new LogsPage(page, touch);
    await logs.goto();
    await expect(logs.actions).toHaveText(['Room removed']);

    await page.route('**/rest/v1/storage_logs*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Service unavailable' }),
          })
        : route.fallback(),
    );
    await logs.clearAll();
    await expect(logs.toast.filter({ hasText: 'Clear Failed' })).toBeVisible();
    await expect(logs.details).toHaveText(['Removed room Loft']);
  });
});
