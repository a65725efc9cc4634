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
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Not fatal: invalid UTF-8 becomes U+FFFD, which looksLikeBinary counts.
  const text = new TextDecoder('utf-8').decode(bytes);
  return parseImportText(text);
}
