// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  barcodeMessages,
  scanFailedToast,
  scanSummaryText,
} from '../../../../src/features/barcodes/barcode-messages';

describe('scan errors', () => {
  it('are Scan Failed toasts with the server’s reason in plain words', () => {
    expect(
      scanFailedToast({
        message:
          'PLAN_LIMIT_REACHED: Adding 3 items would exceed your power plan limit of 1000 items',
      }),
    ).toEqual({
      kind: 'error',
      title: 'Scan Failed',
      message: 'Adding 3 items would exceed your power plan limit of 1000 items',
    });
    expect(
      scanFailedToast({
        message:
          'PLAN_FEATURE_UNAVAILABLE: Barcode scanning requires the Power Seller plan or higher',
      }).message,
    ).toBe('Barcode scanning requires the Power Seller plan or higher');
    expect(scanFailedToast({ message: 'Invalid location for item' }).message).toBe(
      'Invalid location for item',
    );
    expect(scanFailedToast(new TypeError('Failed to fetch')).title).toBe('Scan Failed');
    expect(scanFailedToast({}).message).toBe('The barcode could not be read. Please try again');
  });

  it('counts added items and generated codes in words', () => {
    expect(barcodeMessages.scannedAdded(1, 'Shelf 1').message).toBe(
      '1 scanned item was added to Shelf 1',
    );
    expect(barcodeMessages.barcodesGenerated(3).message).toBe('3 items now have a barcode');
  });
});

describe('Bulk Scan summary', () => {
  it('says how many scans were new and how many counted up', () => {
    expect(scanSummaryText({ fresh: 5, counted: 2 })).toBe('Added 7 scans: 5 new, 2 counted up');
    expect(scanSummaryText({ fresh: 1, counted: 0 })).toBe('Added 1 scan: 1 new, 0 counted up');
  });
});
