import type { ToastMessage } from '../../lib/messages';
import { messages } from '../../lib/messages';
import { errorText } from '../../data/errors';

/**
 * Toasts of the barcode screens only. The catalogue's ones ('Scan Failed', 'Duplicate Item')
 * come from src/lib/messages.ts (docs/product.md#messages).
 */
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

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
