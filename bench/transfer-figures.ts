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

const IMPORT_MESSAGE = 'stockroom-bench: import complete after ';

// Installed before the app's scripts: the clock starts inside the page when the file input
// reports the chosen file, and stops at the frame that paints the outcome (as READY_PROBE in
// browser-figures.ts), so neither Playwright's hand-over of the file nor its polling is counted.
const IMPORT_PROBE = `(() => {
  let chosenAt = null;
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'file') chosenAt = performance.now();
  }, true);
  const observer = new MutationObserver(() => {
    if (chosenAt === null || !document.querySelector('[data-testid="import-complete"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => {
      console.debug('${IMPORT_MESSAGE}' + (performance.now() - chosenAt));
    }, 0));
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Import 5000 rows through the import screen, end to end, then export them again. */
export async function transferFigures(stack: RunningStack, seller: SeededSeller, browser: Browser): Promise<Figure[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, stack.env.APP_URL, seller);
  await page.addInitScript(IMPORT_PROBE);
  await page.goto(`${stack.env.APP_URL}/dashboard/import`);
  const csv = importCsv(ELITE.items);

  const importStarted = performance.now();
  const completed = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(IMPORT_MESSAGE),
    timeout: 60_000,
  });
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'bench-5000.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByTestId('import-commit').click({ timeout: 30_000 });
  const importMs = Number((await completed).text().slice(IMPORT_MESSAGE.length));
  const wallMs = performance.now() - importStarted;

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
      against: `${(csv.length / 1024).toFixed(0)} KB CSV through the import screen (parse, check, preview, write), in the page from the file input's change to the outcome painted; ${wallMs.toFixed(0)} ms from Playwright's side`,
      budget: '< 3000 ms',
      ok: importMs < 3000,
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
