import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { ImportPage } from './pages/import-page';
import { LogsPage } from './pages/logs-page';
import { EMPTY_GARAGE, seedStorage } from './seed';

const HEADER = 'Item Name,Quantity,Room,Isle,Unit,Shelf,Barcode,SKU,Price Paid,Expiry Date';
const GOOD = [
  'Blue mug,2,Garage,1,A,1,5012345678900,MUG-BLUE,4.50,2026-12-31',
  '"Jug, large",1,garage,1,b,2,,,,',
  'Teapot,3,Garage,1,A,3,,,12,12/31/2026',
];

test.describe('import', () => {
  // The checks of bad files share the journey's one load of the screen: they write nothing.
  test('preview shows rows and every error, bad files and the plan limit are explained, nothing is written until a clean file is committed', async ({
    page,
    seller,
    admin,
    dashboard,
    touch,
  }) => {
    // The keyboard path to the picker, five files, axe, two downloads, a commit and the log.
    test.setTimeout(90_000);
    const [garage] = await seedStorage(seller.accountId, [EMPTY_GARAGE]);
    const importPage = new ImportPage(page, touch);
    await importPage.goto();

    await test.step('a file with one bad row: every row and the error, nothing written', async () => {
      // The file picker is reached by keyboard after the template button: the real input, named
      // by its label, opens the chooser, and the chosen file's name is shown beside it.
      await expect(page.getByTestId('import-file-name')).toHaveText('No file chosen');
      await page.getByTestId('import-template').focus();
      await page.keyboard.press('Tab');
      const fileInput = page.getByRole('button', { name: 'Choose a CSV file' });
      await expect(fileInput).toBeFocused();
      await expect(page.getByText('Choose file…')).toBeVisible();
      const chooser = page.waitForEvent('filechooser');
      await page.keyboard.press('Space');
      // A file with one bad row: the preview lists the rows and the error, commit stays off.
      await (
        await chooser
      ).setFiles({
        name: 'stock.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([HEADER, ...GOOD, 'Lamp,1,Garage,1,Z,1,,,,'].join('\n')),
      });
      await expect(page.getByTestId('import-file-name')).toHaveText('stock.csv');
      await expect(importPage.preview).toBeVisible();
      await expect(importPage.previewRows).toHaveCount(4);
      await expect(importPage.summary).toHaveText('4 rows, 1 error in 1 row.');
      await expect(importPage.errors).toHaveText(["Row 5: Unit 'Z' not found in isle 1"]);
      await expect(importPage.commitButton).toBeDisabled();
      expect(await seriousViolations(page)).toEqual([]);

      const errorsFile = await importPage.download('import-errors-download');
      expect(errorsFile.name).toBe('stockroom-import-errors.csv');
      expect(errorsFile.text).toBe("Row,Column,Error\r\n5,Unit,Unit 'Z' not found in isle 1\r\n");

      const none = await admin
        .from('storage_items')
        .select('item_id')
        .eq('account_id', seller.accountId);
      expect(none.data).toEqual([]);
    });

    await test.step('bad files and the plan limit are explained, and the template downloads', async () => {
      const template = await importPage.download('import-template');
      expect(template.name).toBe('stockroom-import-template.csv');
      expect(template.text.split('\r\n')[0]).toBe(`${HEADER},Reorder Level`);

      await importPage.choose(
        'semi.csv',
        `${HEADER.replaceAll(',', ';')}\nMug;1;Garage;1;A;1;;;;\n`,
      );
      await expect(importPage.fileProblems).toContainText(
        "Columns must be separated by commas; this file uses ';'",
      );
      await expect(importPage.commitButton).toBeDisabled();

      await importPage.choose('formula.csv', `${HEADER}\n=cmd|' /C calc'!A0,1,Garage,1,A,1,,,,\n`);
      await expect(importPage.errors).toHaveText([
        "Row 2: Item Name looks like a spreadsheet formula; start the cell with an apostrophe (') to keep it as text",
      ]);

      // Free plan: 101 rows cannot fit in 100 items, so the whole file is refused.
      const rows = Array.from({ length: 101 }, (_, i) => `Item ${i + 1},1,Garage,1,A,1,,,,`);
      await importPage.choose('many.csv', [HEADER, ...rows].join('\n'));
      await expect(page.getByTestId('import-limit')).toHaveText(
        'Adding 101 items would exceed your free plan limit of 100 items',
      );
      await expect(page.getByTestId('import-limit-room')).toContainText(
        'Your plan has room for 100 more items; this file adds 101.',
      );
      await expect(importPage.commitButton).toBeDisabled();
    });

    await test.step("the fixed file imports: progress, then 'Import Complete'", async () => {
      await importPage.choose('stock.csv', [HEADER, ...GOOD].join('\n'));
      await expect(importPage.errors).toHaveCount(0);
      await expect(importPage.commitButton).toHaveText('Import 3 items');
      // Another device fills the plan after the preview: the database refuses, and says how many
      // more fit by its own count; nothing is lost, the same preview commits once there is room.
      const unitB = garage!.isles[0]!.units[1]!;
      const shelfId = unitB.shelves[2]!.id;
      const filler = Array.from({ length: 98 }, (_, i) => ({
        account_id: seller.accountId,
        unit_id: unitB.id,
        shelf_id: shelfId,
        item_name: `Filler ${i + 1}`,
        quantity: 1,
      }));
      expect((await admin.from('storage_items').insert(filler)).error).toBeNull();
      await importPage.commit();
      await expect(page.getByTestId('import-failed')).toContainText(
        'Your plan has room for 2 more items; this file adds 3.',
      );
      await expect(
        page.getByTestId('import-failed').getByRole('link', { name: 'See plans and upgrade' }),
      ).toHaveAttribute('href', '/pricing');
      const emptied = await admin.from('storage_items').delete().eq('shelf_id', shelfId);
      expect(emptied.error).toBeNull();
      const committed = page.waitForResponse((response) =>
        response.url().includes('/rest/v1/rpc/commit_import'),
      );
      await importPage.commit();
      expect((await committed).status()).toBe(200);
      await expect(importPage.complete).toContainText('Import Complete');
      await expect(importPage.complete).toContainText('3 items were imported');
      await expect(importPage.toast.filter({ hasText: 'Import Complete' })).toBeVisible();

      const items = await admin
        .from('storage_items')
        .select('item_name, quantity, price_paid, expiry_date')
        .eq('account_id', seller.accountId)
        .order('created_at');
      expect(items.data).toEqual([
        { item_name: 'Blue mug', quantity: 2, price_paid: 4.5, expiry_date: '2026-12-31' },
        { item_name: 'Jug, large', quantity: 1, price_paid: null, expiry_date: null },
        { item_name: 'Teapot', quantity: 3, price_paid: 12, expiry_date: '2026-12-31' },
      ]);
    });

    await test.step('one import_items line in the activity log, naming the items', async () => {
      const logs = new LogsPage(page, touch);
      await dashboard.open('Activity Log');
      await expect(logs.root).toBeVisible();
      await expect(logs.actions).toHaveText(['Items imported']);
      await expect(logs.details).toHaveText(['Imported 3 items: Blue mug, Jug, large, Teapot']);
    });
  });
});
