import Papa from 'papaparse';
import {
  importFileProblem,
  looksLikeBinary,
  rowsFromRecords,
  type ParsedImport,
} from '../../domain/csv-template';

// The parser: papaparse, not src/domain/csv-parse.ts. It is the one the product ships with, it
// is maintained and fuzzed far beyond a hand-written loop, and it reports unclosed quotes, which
// the hand-written one silently swallows. The delimiter is fixed to a comma rather than guessed:
// a guessed ';' would quietly accept a file that our own export and template never produce, and
// the file-level check in rowsFromRecords then tells the seller what is wrong instead.

export const NOT_A_CSV_FILE =
  'This file is not a CSV text file. Save your spreadsheet as CSV (comma separated) and try again';

function failed(message: string): ParsedImport {
  return { rows: [], fileProblems: [message], formulaCells: [] };
}

/** CSV text (as read from the file) to rows keyed by field, or the reasons it can't be read. */
export function parseImportText(text: string): ParsedImport {
  if (looksLikeBinary(text)) return failed(NOT_A_CSV_FILE);
  // Excel writes a byte-order mark at the start of UTF-8 CSV; it is not part of the first header.
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const result = Papa.parse<string[]>(withoutBom, { delimiter: ',', skipEmptyLines: false });
  const quoteError = result.errors.find((error) => error.type === 'Quotes');
  if (quoteError !== undefined) {
    // Papa counts records from 0 with the header first, so record r is spreadsheet row r + 1.
    const row = (quoteError.row ?? 0) + 1;
    return failed(`Row ${row}: a quoted cell is never closed (a " is missing)`);
  }
  return rowsFromRecords(result.data);
}

/**
 * Reads an import file chosen by the seller. Size and type are checked before a byte is read,
 * so a 50 MB file is refused at once instead of freezing the tab while it is parsed.
 */
export async function readImportFile(file: File): Promise<ParsedImport> {
  const problem = importFileProblem(file);
  if (problem !== null) return failed(problem);
  return parseImportText(decodeImportBytes(new Uint8Array(await file.arrayBuffer())));
}

/**
 * The file's text: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (the superset of
 * Latin-1 that Excel on Windows writes for "CSV"), so 'Café' saved in Latin-1 imports as 'Café'
 * and not as 'Caf\uFFFD'. Binary junk still shows itself to looksLikeBinary by its NUL bytes.
 */
export function decodeImportBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Some runtimes decode 'windows-1252' as ISO-8859-1; map its 0x80-0x9F block ourselves.
    return new TextDecoder('windows-1252')
      .decode(bytes)
      .replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_C1.charAt(c.charCodeAt(0) - 0x80) || c);
  }
}

// What Windows-1252 puts at 0x80-0x9F (the euro sign, curly quotes, dashes...); blank where unused.
const WINDOWS_1252_C1 =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
