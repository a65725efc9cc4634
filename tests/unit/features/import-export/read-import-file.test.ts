// @vitest-environment node
// Reading import files the way the import screen does (size and type first, then papaparse,
// then the domain's file checks), with real files from tests/fixtures/import.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { File as NodeFile } from 'node:buffer';
import { describe, expect, it, vi } from 'vitest';
import {
  NOT_A_CSV_FILE,
  decodeImportBytes,
  parseImportText,
  readImportFile,
} from '../../../../src/features/import-export/read-import-file';

// vitest runs from the repository root; jsdom's import.meta.url is not a file URL.
const FIXTURES = path.join(process.cwd(), 'tests', 'fixtures', 'import');

const fixture = (name: string) =>
  new NodeFile([readFileSync(path.join(FIXTURES, name))], name, {
    type: 'text/csv',
  }) as unknown as File;

describe('readImportFile: bad files, each with a clear message', () => {
  it('an empty file', async () => {
    expect((await readImportFile(fixture('empty.csv'))).fileProblems).toEqual([
      'The file is empty',
    ]);
  });

  it('a header with no rows', async () => {
    expect((await readImportFile(fixture('header-only.csv'))).fileProblems).toEqual([
      'The file has a header but no items',
    ]);
  });

  it('semicolons or tabs instead of commas', async () => {
    expect((await readImportFile(fixture('semicolon.csv'))).fileProblems).toEqual([
      "Columns must be separated by commas; this file uses ';'",
    ]);
    expect((await readImportFile(fixture('tab.csv'))).fileProblems).toEqual([
      'Columns must be separated by commas; this file uses tabs',
    ]);
  });

  it('binary junk saved with a .csv name', async () => {
    expect((await readImportFile(fixture('binary-junk.csv'))).fileProblems).toEqual([
      NOT_A_CSV_FILE,
    ]);
  });

  it('a quote that is never closed, with its row', async () => {
    expect((await readImportFile(fixture('unclosed-quote.csv'))).fileProblems).toEqual([
      'Row 2: a quoted cell is never closed (a " is missing)',
    ]);
  });

  it('a 50 MB file is refused by its size before a byte is read', async () => {
    const arrayBuffer = vi.fn();
    const big = { name: 'huge.csv', size: 50 * 1024 * 1024, arrayBuffer } as unknown as File;
    expect((await readImportFile(big)).fileProblems).toEqual([
      'The file is too large; the limit is 10 MB',
    ]);
    expect(arrayBuffer).not.toHaveBeenCalled();
  });

  it('a file that is not .csv', async () => {
    const xlsx = new NodeFile(['PK\u0003\u0004'], 'stock.xlsx') as unknown as File;
    expect((await readImportFile(xlsx)).fileProblems).toEqual(['Please choose a .csv file']);
  });
});

describe('readImportFile: files that are fine', () => {
  it('reads a Latin-1 (Windows-1252) file as Latin-1, not as replacement characters', async () => {
    const header = 'Item Name,Quantity,Room,Isle,Unit,Shelf\r\n';
    // 'Café crème – 5€' in Windows-1252: é e9, è e8, en dash 96, euro 80
    const row = [
      0x43, 0x61, 0x66, 0xe9, 0x20, 0x63, 0x72, 0xe8, 0x6d, 0x65, 0x20, 0x96, 0x20, 0x35, 0x80,
    ];
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(header),
      ...row,
      ...new TextEncoder().encode(',1,Garage,1,A,1\r\n'),
    ]);
    const file = new NodeFile([bytes], 'latin1.csv', { type: 'text/csv' }) as unknown as File;
    const parsed = await readImportFile(file);
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.rows[0]?.item_name).toBe('Café crème – 5€');
  });

  it('keeps valid UTF-8 as UTF-8', () => {
    expect(decodeImportBytes(new TextEncoder().encode('Café ＝ 5€'))).toBe('Café ＝ 5€');
  });

  it('drops the byte-order mark Excel writes and reads CRLF lines', async () => {
    const parsed = await readImportFile(fixture('bom.csv'));
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        item_name: 'Mug',
        quantity: '2',
        room: 'Garage',
        isle: '1',
        unit: 'A',
        shelf: '1',
        barcode: '',
        sku: '',
        price_paid: '',
        expiry_date: '',
      },
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted cells', async () => {
    const parsed = await readImportFile(fixture('quoted.csv'));
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.rows.map((row) => [row.item_name, row.sku])).toEqual([
      ['Mug, blue "large"', 'SKU,1'],
      ['Two\nline name', ''],
    ]);
  });

  it('flags formula cells with row and column, and restores text kept with an apostrophe', async () => {
    const parsed = await readImportFile(fixture('formula.csv'));
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.formulaCells.map((cell) => [cell.row, cell.field])).toEqual([
      [2, 'item_name'],
      [3, 'barcode'],
      [4, 'sku'],
    ]);
    expect(parsed.formulaCells[0]?.message).toBe(
      "Item Name looks like a spreadsheet formula; start the cell with an apostrophe (') to keep it as text",
    );
    // '-1' is a (bad) number, not a formula: validation calls it an invalid quantity
    expect(parsed.rows[3]?.quantity).toBe('-1');
    expect(parsed.rows[4]?.item_name).toBe('=kept as text');
  });
});

describe('parseImportText', () => {
  it('reads the template columns in any order and ignores columns it does not know', () => {
    const parsed = parseImportText(
      'Shelf,Unit,Notes,Isle,Room,Qty,Name\n1,A,fragile,1,Garage,2,Mug\n',
    );
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.rows).toEqual([
      { shelf: '1', unit: 'A', isle: '1', room: 'Garage', quantity: '2', item_name: 'Mug' },
    ]);
  });

  it('names the missing columns', () => {
    expect(parseImportText('Item Name,Quantity\nMug,2\n').fileProblems).toEqual([
      'Missing columns: Room, Isle, Unit, Shelf',
    ]);
  });
});
