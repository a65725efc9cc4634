import type { ToastMessage } from '../../lib/messages';
import { messages } from '../../lib/messages';
import { planLimitText } from '../../domain/plans';
import { errorMessage } from '../../lib/errors';

/**
 * Toasts of the barcode screens that the spec does not word. The spec's own ones ('Scan Failed',
 * 'Duplicate Item') come from the catalogue in src/lib/messages.ts.
 */
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const barcodeMessages = {
  scannedAdded: (count: number, place: string): ToastMessage => ({
    kind: 'success',
    title: 'Items Added',
    message: `${count} scanned ${plural(count, 'item was', 'items were')} added to ${place}`,
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

const FEATURE_PREFIX = 'PLAN_FEATURE_UNAVAILABLE: ';

/**
 * 'Scan Failed' with the server's reason in the seller's words: the limit sentence without its
 * PLAN_LIMIT_REACHED tag, the plan sentence without PLAN_FEATURE_UNAVAILABLE, or the message.
 */
export function scanFailedToast(error: unknown): ToastMessage {
  const text = errorMessage(error);
  if (text === undefined) return messages.scanFailed();
  const readable = text.startsWith(FEATURE_PREFIX)
    ? text.slice(FEATURE_PREFIX.length)
    : planLimitText(text);
  return messages.scanFailed(readable);
}
