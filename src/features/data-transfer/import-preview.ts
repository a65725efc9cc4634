import type { ParsedImport } from '../../domain/csv-template';
import type { DateFormat } from '../../domain/currency-date';
import type { ImportRow, ImportRowError } from '../../domain/import-columns';
import {
  importLimitProblem,
  validateImportRows,
  type ResolvedImportRow,
} from '../../domain/import-validation';
import type { TreeRoom } from '../../domain/storage-tree';

/** Everything the preview shows before the seller commits, and what commit would write. */
export interface ImportPreview {
  fileName: string;
  /** Problems with the file as a whole (empty, wrong delimiter, missing columns…). */
  fileProblems: string[];
  /** The rows as read, with their spreadsheet row number (index + 2). */
  rows: { row: number; cells: ImportRow }[];
  /** Every row error (validation and formula cells), by row number. */
  errors: ImportRowError[];
  /** 'Adding N items would exceed…' when the whole file does not fit the plan. */
  limitProblem: string | null;
  /** The checked rows; written only when there is no problem of any kind. */
  items: ResolvedImportRow[];
}

export function buildImportPreview(input: {
  fileName: string;
  parsed: ParsedImport;
  rooms: readonly TreeRoom[];
  planId: string | null | undefined;
  currentItemCount: number;
  dateFormat: DateFormat;
}): ImportPreview {
  const { parsed } = input;
  const rows = parsed.rows.map((cells, index) => ({ row: index + 2, cells }));
  if (parsed.fileProblems.length > 0) {
    return {
      fileName: input.fileName,
      fileProblems: parsed.fileProblems,
      rows: [],
      errors: [],
      limitProblem: null,
      items: [],
    };
  }
  const validation = validateImportRows(parsed.rows, input.rooms, {
    dateFormat: input.dateFormat,
  });
  const errors = [...parsed.formulaCells, ...validation.errors].sort((a, b) => a.row - b.row);
  return {
    fileName: input.fileName,
    fileProblems: [],
    rows,
    errors,
    // Counted on every row of the file, good or bad: the whole file is what would be added.
    limitProblem: importLimitProblem(input.planId, input.currentItemCount, parsed.rows.length),
    items: validation.items,
  };
}

/** Whether commit may run: a file with any problem is refused whole (all-or-nothing). */
export function canCommit(preview: ImportPreview): boolean {
  return (
    preview.fileProblems.length === 0 &&
    preview.errors.length === 0 &&
    preview.limitProblem === null &&
    preview.items.length > 0 &&
    preview.items.length === preview.rows.length
  );
}
