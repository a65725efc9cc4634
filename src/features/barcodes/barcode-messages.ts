import type { ToastMessage } from '../../lib/messages';
import { messages } from '../../lib/messages';
import { errorText } from '../../data/errors';

/**
 * Toasts of the barcode screens only. The catalogue's ones ('Scan Failed', 'Duplicate Item')
 * come from src/lib/messages.ts (docs/product.md#messages).
 */
import { countOf, plural } from '../../domain/plural';

/** The id of Bulk Scan's one summary toast. */
export const SCAN_SUMMARY_TOAST_ID = 'scan-summary';

/** What a Bulk Scan session has done so far, for its one summary toast. */
export interface ScanTally {
  /** Scans that made a new row (a new item, or one more of a held item). */
  fresh: number;
  /** Scans that counted up a row already in the list or an item already saved. */
  counted: number;
}

/** The summary line: 'Added 7 scans: 5 new, 2 counted up'. */
export function scanSummaryText(tally: ScanTally): string {
  return `Added ${countOf(tally.fresh + tally.counted, 'scan')}: ${tally.fresh} new, ${tally.counted} counted up`;
}

export const barcodeMessages = {
  scannedAdded: (count: number, place: string): ToastMessage => ({
    kind: 'success',
    title: 'Items Added',
    message: `${count} scanned ${plural(count, 'item was', 'items were')} added to ${place}`,
  }),
  /** A code scanned again in the list: 'Blue mug ×3'. */
  scanCounted: (name: string, quantity: number): ToastMessage => ({
    kind: 'success',
    title: 'Counted',
    message: `${name} ×${quantity}`,
  }),
  /** The one Bulk Scan toast, updated in place: the latest event, then the session so far. */
  scanSummary: (latest: ToastMessage, tally: ScanTally): ToastMessage => ({
    ...latest,
    message: `${latest.message}. ${scanSummaryText(tally)}`,
  }),
  barcodesGenerated: (count: number): ToastMessage => ({
    kind: 'success',
    title: 'Barcodes Generated',
    message: `${count} ${plural(count, 'item now has', 'items now have')} a barcode`,
  }),
  barcodesGenerate: (detail?: string): ToastMessage => ({
    kind: 'error',
    title: 'Generate Failed',
    message: detail ?? 'The barcodes could not be generated. Please try again',
  }),
};

/** 'Scan Failed' with the server's reason in the seller's words (its machine tag removed). */
export function scanFailedToast(error: unknown): ToastMessage {
  return messages.scanFailed(errorText(error));
}
