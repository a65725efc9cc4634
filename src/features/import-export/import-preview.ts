import type { ParsedImport } from '../../domain/csv-template';
import type { DateFormat } from '../../domain/currency-date';
import type { ImportRow, ImportRowError } from '../../domain/import-columns';
import {
  anyMatch,
  fieldChanges,
  matchErrors,
  matchImportRows,
  type FieldChange,
  type ImportMode,
  type MatchableItem,
  type MatchedBy,
} from '../../domain/import-matching';
import {
  importLimitProblem,
  importRoomLeft,
  validateImportRows,
  type ResolvedImportRow,
  type ResolvedUpdateRow,
} from '../../domain/import-validation';
import { plural } from '../../domain/plural';
import { formatCount } from '../../lib/format';
import { indexShelves, locationLabel, type TreeRoom } from '../../domain/storage-tree';

/** What saving would do with one row of the file. */
export type RowPlan =
  | { action: 'add' }
  | {
      action: 'update';
      matchedBy: MatchedBy;
      itemName: string;
      /** Old → new for every field that changes; empty when the row changes nothing. */
      changes: FieldChange[];
      /** The fields whose cells are empty and so stay as they are. */
      kept: string[];
    }
  | { action: 'error' };

/** Everything the preview shows before the seller commits, and what commit would write. */
export interface ImportPreview {
  fileName: string;
  /** Problems with the file as a whole (empty, wrong delimiter, missing columns…). */
  fileProblems: string[];
  /** The rows as read, with their spreadsheet row number (index + 2). */
  rows: { row: number; cells: ImportRow }[];
  /** Every row error (validation and formula cells), by row number. */
  errors: ImportRowError[];
  /** 'Adding N items would exceed…' when the rows to add do not fit the plan. */
  limitProblem: string | null;
  /** With limitProblem: how many more items fit, by the item count read with the file. */
  limitRoom: string | null;
  /** The checked rows to add; written only when there is no problem of any kind. */
  items: ResolvedImportRow[];
  /** Rows that update one of the seller's items (update mode only). */
  updates: ResolvedUpdateRow[];
  /** Update mode or add all; only 'add' when no row matches any item. */
  mode: ImportMode;
  /** Whether some row matches an item, so the seller is offered the choice. */
  matchesAny: boolean;
  /** Per row of `rows`, what saving does with it. */
  plans: RowPlan[];
  /** Every row in file order, as commit uploads it: add rows in full, update rows with their
   * empty cells null. */
  upload: (ResolvedImportRow | ResolvedUpdateRow)[];
}

const KEPT_LABELS: [keyof ImportRow, string][] = [
  ['item_name', 'Name'],
  ['quantity', 'Quantity'],
  ['barcode', 'Barcode'],
  ['sku', 'SKU'],
  ['price_paid', 'Price paid'],
  ['expiry_date', 'Expiry date'],
  ['reorder_level', 'Reorder level'],
];

const blank = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).trim() === '';

export function buildImportPreview(input: {
  fileName: string;
  parsed: ParsedImport;
  rooms: readonly TreeRoom[];
  planId: string | null | undefined;
  currentItemCount: number;
  dateFormat: DateFormat;
  /** The seller's items, to match rows against (none: every row is added). */
  existingItems?: readonly MatchableItem[];
  /** The seller's choice; update when not given. */
  mode?: ImportMode;
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
      limitRoom: null,
      items: [],
      updates: [],
      mode: 'add',
      matchesAny: false,
      plans: [],
      upload: [],
    };
  }
  const matches = matchImportRows(parsed.rows, input.existingItems ?? []);
  const matchesAny = anyMatch(matches);
  const mode: ImportMode = matchesAny ? (input.mode ?? 'update') : 'add';
  // Rows that name an item are checked as updates (only the cells they give); one that names
  // several items is an error of its own, and its empty cells are not more errors on top.
  const updating = new Set<number>();
  let updateCount = 0;
  if (mode === 'update')
    matches.forEach((match, index) => {
      if (match.kind !== 'none') updating.add(index);
      if (match.kind === 'one') updateCount += 1;
    });

  const validation = validateImportRows(parsed.rows, input.rooms, {
    dateFormat: input.dateFormat,
    updating,
  });
  const errors = [
    ...parsed.formulaCells,
    ...(mode === 'update' ? matchErrors(matches) : []),
    ...validation.errors,
  ].sort((a, b) => a.row - b.row);
  const errorRows = new Set(errors.map((error) => error.row));

  const shelves = indexShelves(input.rooms);
  const placeName = (shelfId: string | null) => {
    const location = shelfId ? shelves.get(shelfId) : undefined;
    return location ? locationLabel(location) : '(no shelf)';
  };
  const updatesByRow = new Map(validation.updates.map((update) => [update.row, update]));
  const itemsByRow = new Map(validation.items.map((item) => [item.row, item]));

  const upload: (ResolvedImportRow | ResolvedUpdateRow)[] = [];
  const plans = rows.map(({ row, cells }, index): RowPlan => {
    if (errorRows.has(row)) return { action: 'error' };
    const match = matches[index];
    const update = updatesByRow.get(row);
    if (update && match?.kind === 'one') {
      upload.push(update);
      // A file made before the Reorder Level column has none: that is not an empty cell to list.
      const kept = KEPT_LABELS.filter(
        ([field]) =>
          blank(cells[field]) && !(field === 'reorder_level' && cells[field] === undefined),
      ).map(([, label]) => label);
      if (
        ['room', 'isle', 'unit', 'shelf'].every((field) => blank(cells[field as keyof ImportRow]))
      )
        kept.push('Place');
      return {
        action: 'update',
        matchedBy: match.by,
        itemName: match.item.item_name,
        changes: fieldChanges(match.item, update, placeName),
        kept,
      };
    }
    const item = itemsByRow.get(row);
    if (item) upload.push(item);
    return item ? { action: 'add' } : { action: 'error' };
  });

  // Only rows that add an item count against the plan; in add-all mode that is every row of
  // the file, good or bad: the whole file is what would be added.
  const adding = mode === 'update' ? rows.length - updateCount : rows.length;
  const limitProblem =
    adding > 0 ? importLimitProblem(input.planId, input.currentItemCount, adding) : null;
  return {
    fileName: input.fileName,
    fileProblems: [],
    rows,
    errors,
    limitProblem,
    limitRoom: limitProblem ? importRoomLeft(input.planId, input.currentItemCount, adding) : null,
    items: validation.items,
    updates: validation.updates.filter((update) => matches[update.row - 2]?.kind === 'one'),
    mode,
    matchesAny,
    plans,
    upload,
  };
}

/**
 * What the commit button counts: rows that change an item (a matched row changing nothing is
 * "No changes", not an update), rows that add one, and matched rows that change nothing.
 */
export function importCounts(preview: ImportPreview): {
  updating: number;
  adding: number;
  unchanged: number;
} {
  let updating = 0;
  let unchanged = 0;
  if (preview.mode === 'update')
    for (const plan of preview.plans)
      if (plan.action === 'update') {
        if (plan.changes.length > 0) updating += 1;
        else unchanged += 1;
      }
  return { updating, adding: preview.items.length, unchanged };
}

/** The commit button's words: 'Update 2 and add 1 item', 'Import 3 items', 'No changes'. */
export function commitLabel(preview: ImportPreview, ready: boolean): string {
  if (!ready) return 'Import';
  const { updating, adding } = importCounts(preview);
  const added = `${formatCount(adding)} ${plural(adding, 'item')}`;
  if (updating > 0)
    return adding > 0
      ? `Update ${formatCount(updating)} and add ${added}`
      : `Update ${formatCount(updating)} ${plural(updating, 'item')}`;
  if (adding > 0) return `Import ${added}`;
  return 'No changes';
}

/** Whether commit may run: a file with any problem is refused whole (all-or-nothing). */
export function canCommit(preview: ImportPreview): boolean {
  return (
    preview.fileProblems.length === 0 &&
    preview.errors.length === 0 &&
    preview.limitProblem === null &&
    preview.upload.length > 0 &&
    preview.upload.length === preview.rows.length
  );
}
