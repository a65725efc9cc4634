import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import type { ImportMode } from '../../domain/import-matching';
import {
  inBatches,
  type ResolvedImportRow,
  type ResolvedUpdateRow,
} from '../../domain/import-validation';
import { activityLogKeys } from '../activity-log/keys';
import { DataError, isNetworkFailure, toDataError } from '../errors';
import type { MutationCallbacks } from '../mutation-callbacks';
import { notificationKeys } from '../notifications/keys';
import { storageKeys } from '../storage/keys';
import { importExportKeys } from './keys';
import type { AccountId } from '../../domain/ids';

/** Batches uploaded at once: enough to hide network latency, few enough to keep order simple. */
const UPLOADS_IN_FLIGHT = 4;

/** Times a commit that got no answer is asked again before the import is given up. */
const COMMIT_RETRIES = 2;

/** No answer, or a gateway's instead of the database's: the commit may or may not have run. */
function unanswered(error: unknown, status: number): boolean {
  return isNetworkFailure(error) || status === 502 || status === 503 || status === 504;
}

export interface ImportProgress {
  /** Batches staged so far, of `total`. */
  done: number;
  total: number;
  /** true once every batch is up and the single commit is running. */
  committing: boolean;
}

export interface ImportResult {
  imported: number;
  /** Items an update-mode import changed, and matched items it found already as in the file. */
  updated: number;
  unchanged: number;
  itemIds: string[];
}

/** A row to upload: one to add, or (update mode) one whose empty cells are null. */
export type ImportUploadRow = ResolvedImportRow | ResolvedUpdateRow;

/**
 * The row shape public.import_items reads: a shelf id, which the server checks is the caller's.
 * Null cells of an update row keep the matched item's value; the server matches the row again
 * by its SKU or barcode.
 */
function toServerRow(item: ImportUploadRow) {
  return {
    item_name: item.item_name,
    quantity: item.quantity,
    shelf_id: item.shelf_id,
    barcode: item.barcode,
    sku: item.sku,
    price_paid: item.price_paid,
    expiry_date: item.expiry_date,
    reorder_level: item.reorder_level ?? null,
  };
}

/** The server's row errors ('Row 7: Invalid quantity', …) from a refused import's details. */
export function serverRowErrors(details: unknown): string[] {
  if (typeof details !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(details);
    return Array.isArray(parsed) ? parsed.filter((line) => typeof line === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A refused import in the seller's words (the plan-limit tag removed), with the row errors the
 * server found when it checked every row again, so the screen lists them like the preview's.
 */
export class ImportError extends DataError {
  readonly rowErrors: readonly string[];

  constructor(error: DataError, rowErrors: readonly string[]) {
    super(error.message, {
      code: error.code,
      status: error.status,
      planLimit: error.planLimit,
      featureRefused: error.featureRefused,
      body: error.body,
      hint: error.hint,
      cause: error.cause,
    });
    this.name = 'ImportError';
    this.rowErrors = rowErrors;
  }
}

/** Any failure of an import as an ImportError; the row errors are in the server's details. */
export function importError(error: unknown): ImportError {
  if (error instanceof ImportError) return error;
  const details =
    typeof error === 'object' && error !== null && 'details' in error ? error.details : undefined;
  return new ImportError(
    toDataError(error, 'The file could not be imported'),
    serverRowErrors(details),
  );
}

/**
 * Writes the checked rows: staged in batches of up to 500 (progress follows them), then one commit that
 * imports all of them or none. See import_batches in supabase/schemas/45_import.sql
 * for why the batches are staged rather than inserted as items.
 */
export async function importItems(
  items: readonly ImportUploadRow[],
  onProgress: (progress: ImportProgress) => void = () => undefined,
  mode: ImportMode = 'add',
): Promise<ImportResult> {
  const importId = crypto.randomUUID();
  const batches = inBatches(items.map(toServerRow));
  let done = 0;
  onProgress({ done, total: batches.length, committing: false });

  try {
    let next = 0;
    let failed = false;
    const upload = async (): Promise<void> => {
      while (!failed && next < batches.length) {
        const batchNo = next;
        next += 1;
        const { error } = await supabase
          .from('import_batches')
          .insert({ import_id: importId, batch_no: batchNo, rows: batches[batchNo] ?? [] });
        if (error) {
          failed = true;
          throw error;
        }
        done += 1;
        onProgress({ done, total: batches.length, committing: false });
      }
    };
    // Settled, not Promise.all: every upload must have stopped before discard_import runs, or a
    // batch still in flight would land after it.
    const uploads = await Promise.allSettled(Array.from({ length: UPLOADS_IN_FLIGHT }, upload));
    const refused = uploads.find((outcome) => outcome.status === 'rejected');
    if (refused) throw refused.reason;

    onProgress({ done, total: batches.length, committing: true });
    const commit = () =>
      supabase.rpc('commit_import', {
        p_import_id: importId,
        p_batches: batches.length,
        p_mode: mode,
      });
    let { data, error, status } = await commit();
    // A commit whose answer never came may still have run: asking again for the same upload
    // gets what it did (commit_import imports an upload exactly once), never a second import.
    for (let retry = 0; error && retry < COMMIT_RETRIES && unanswered(error, status); retry += 1)
      ({ data, error, status } = await commit());
    if (error) throw error;
    const result = data as {
      imported?: number;
      updated?: number;
      unchanged?: number;
      item_ids?: string[];
    } | null;
    return {
      imported: result?.imported ?? 0,
      updated: result?.updated ?? 0,
      unchanged: result?.unchanged ?? 0,
      itemIds: result?.item_ids ?? [],
    };
  } catch (error) {
    // Nothing reached the items; drop what was staged. Best effort: the server sweeps leftovers.
    await supabase.rpc('discard_import', { p_import_id: importId });
    throw importError(error);
  }
}

export interface ImportRequest {
  rows: readonly ImportUploadRow[];
  mode: ImportMode;
}

export function useImportItems(
  accountId: AccountId,
  onProgress: (progress: ImportProgress) => void,
  { onSuccess, onError }: MutationCallbacks<ImportResult, ImportRequest> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, mode }: ImportRequest) => importItems(rows, onProgress, mode),
    onSuccess,
    onError,
    // New items show in the inventory and search, the expiry check, the activity log and the
    // item count import checks against; nothing else changed. Not awaited: the outcome shows
    // as soon as the commit answers, while what is on screen reads again behind it.
    onSettled: () => {
      for (const queryKey of [
        storageKeys.root(accountId),
        importExportKeys.byAccount(accountId),
        activityLogKeys.byAccount(accountId),
        notificationKeys.all(accountId),
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
