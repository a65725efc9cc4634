import type { Browser } from '@playwright/test';
import type { RunningStack } from '../local/stack.ts';
import { toCsv } from '../src/domain/csv-escape.ts';
import { COLUMN_HEADERS, IMPORT_FIELDS } from '../src/domain/import-columns.ts';
import { signIn } from './browser-figures.ts';
import type { Figure } from './report.ts';
import { ELITE, type SeededSeller } from './seed-elite.ts';

/** 5000 rows spread over the seeded layout (Room 1-10 › isle 1-2 › unit A-E › shelf 1-5). */
function importCsv(rows: number): string {
  const header = IMPORT_FIELDS.map((field) => COLUMN_HEADERS[field]);
  const body = Array.from({ length: rows }, (_, i) => {
    const values: Record<string, string> = {
      item_name: `Imported ${i + 1}`,
      quantity: String(1 + (i % 9)),
      room: `Room ${1 + (i % ELITE.rooms)}`,
      isle: String(1 + (i % ELITE.islesPerRoom)),
      unit: String.fromCharCode(65 + (i % ELITE.unitsPerIsle)),
      shelf: String(1 + (i % ELITE.shelvesPerUnit)),
      barcode: String(300000000000 + i),
      sku: `IMP-${i + 1}`,
      price_paid: ((i % 900) / 10 + 1).toFixed(2),
      expiry_date: '',
    };
    return IMPORT_FIELDS.map((field) => values[field] ?? '');
  });
  return toCsv([header, ...body]);
}

/** Import 5000 rows through the import screen, end to end, then export them again. */
export async function transferFigures(stack: RunningStack, seller: SeededSeller, browser: Browser): Promise<Figure[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, stack.env.APP_URL, seller);
  await page.goto(`${stack.env.APP_URL}/dashboard/import`);
  const csv = importCsv(ELITE.items);

  const importStarted = performance.now();
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'bench-5000.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByTestId('import-commit').click({ timeout: 30_000 });
  await page.getByTestId('import-complete').waitFor({ state: 'visible', timeout: 60_000 });
  const importMs = performance.now() - importStarted;

  await page.goto(`${stack.env.APP_URL}/dashboard/export`);
  const exportStarted = performance.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-csv').click()]);
  await download.path();
  const exportMs = performance.now() - exportStarted;
  await context.close();

  return [
    {
      name: 'import 5000 rows, file to complete',
      value: importMs,
      unit: 'ms',
      against: `${(csv.length / 1024).toFixed(0)} KB CSV through the import screen (parse, check, preview, write)`,
      budget: '< 5000 ms',
      ok: importMs < 5000,
    },
    {
      name: 'export 5000 rows, click to download',
      value: exportMs,
      unit: 'ms',
      against: 'items with room, isle, unit and shelf names as CSV',
      budget: 'none set (reported)',
      ok: true,
    },
  ];
}
