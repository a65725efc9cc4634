// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DUPLICATE_SCAN, lookupByBarcode } from '../../../src/domain/barcodes';
import {
  addEntry,
  entriesToAdd,
  removeEntry,
  scannedItemOf,
  scanOrCount,
  scanQuantity,
  updateEntries,
  type ScanEntry,
} from '../../../src/domain/scan-session';

const entry = (code: string, status: ScanEntry['status'] = 'pending'): ScanEntry => ({
  code,
  name: '',
  matched: false,
  source: 'scanner',
  status,
});

describe('scan session', () => {
  it('collects scans in order and refuses a code already scanned, ignoring case', () => {
    let list: ScanEntry[] = [];
    for (const code of ['111', 'ABC-9', '222']) {
      const result = addEntry(list, entry(code));
      if (!result.ok) throw new Error(result.message);
      list = result.entries;
    }
    expect(list.map((e) => e.code)).toEqual(['111', 'ABC-9', '222']);
    expect(addEntry(list, entry('abc-9'))).toEqual({ ok: false, message: DUPLICATE_SCAN });
    expect(addEntry(list, entry(' 111 '))).toEqual({ ok: false, message: DUPLICATE_SCAN });
    expect(addEntry(list, entry('   '))).toMatchObject({ ok: false });
  });

  it('a removed code can be scanned again; clearing is an empty list', () => {
    const list = [entry('111'), entry('222')];
    const removed = removeEntry(list, '111');
    expect(removed.map((e) => e.code)).toEqual(['222']);
    expect(addEntry(removed, entry('111')).ok).toBe(true);
  });

  it('Add all sends what is collected or was refused, not what is already on a shelf', () => {
    const list = [entry('1'), entry('2', 'added'), entry('3', 'failed'), entry('4', 'adding')];
    expect(entriesToAdd(list).map((e) => e.code)).toEqual(['1', '3']);
    const updated = updateEntries(list, ['1', '3'], { status: 'added', place: 'Shelf 1' });
    expect(entriesToAdd(updated)).toEqual([]);
    expect(updated[0]).toMatchObject({ status: 'added', place: 'Shelf 1' });
  });

  it('lookup fills the name from the seller’s item with the code', () => {
    const items = [
      { item_name: 'Blue kettle', barcode: '036000291452' },
      { item_name: 'Lamp', barcode: 'LAMP-1' },
    ];
    expect(lookupByBarcode(items, 'lamp-1')?.item_name).toBe('Lamp');
    expect(lookupByBarcode(items, '999')).toBeNull();
  });
});

describe('scan counting (issue #25 point 4)', () => {
  it('raises the quantity of a code scanned again, ignoring case, and says which entry', () => {
    let list: ScanEntry[] = [];
    for (const code of ['111', 'ABC-9', 'abc-9 ', 'ABC-9']) {
      const result = scanOrCount(list, entry(code), false);
      if (!result.ok) throw new Error(result.message);
      list = result.entries;
    }
    expect(list.map((e) => [e.code, scanQuantity(e)])).toEqual([
      ['111', 1],
      ['ABC-9', 3],
    ]);
    const again = scanOrCount(list, entry('111'), false);
    expect(again).toMatchObject({ ok: true, counted: { code: '111', quantity: 2 } });
  });

  it('refuses the second scan when the seller chose one per code', () => {
    const first = scanOrCount([], entry('111'), true);
    if (!first.ok) throw new Error(first.message);
    expect(scanOrCount(first.entries, entry('111'), true)).toEqual({
      ok: false,
      message: DUPLICATE_SCAN,
    });
  });

  it('sends the count, and the held item when the seller chose to add to it', () => {
    const held = { itemId: 'item-1', name: 'Blue mug', place: 'Garage' };
    expect(scannedItemOf({ ...entry('111'), quantity: 3 })).toEqual({
      barcode: '111',
      item_name: '',
      quantity: 3,
    });
    expect(scannedItemOf({ ...entry('111'), held, choice: 'existing' })).toEqual({
      barcode: '111',
      item_name: '',
      item_id: 'item-1',
    });
    expect(scannedItemOf({ ...entry('111'), held, choice: 'new' })).toEqual({
      barcode: '111',
      item_name: '',
    });
  });
});
