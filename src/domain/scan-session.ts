import { addScan, removeScan } from './barcodes';
import { matchKey } from './text-match';

/** Where a scan came from: a keyboard-wedge scanner, the camera, or typed by hand. */
export type ScanSource = 'scanner' | 'camera' | 'keyboard';

/**
 * One entry of the scan list. pending: collected, not added yet (batch mode); adding: on its way;
 * added: a new item on the shelf; moved: the seller's existing item moved there (put-away);
 * failed: the database refused it (the list keeps it so the seller can retry or remove it).
 */
export interface ScanEntry {
  code: string;
  name: string;
  /** Whether the name came from the seller's item with the same code (barcode_lookup). */
  matched: boolean;
  source: ScanSource;
  status: 'pending' | 'adding' | 'added' | 'moved' | 'failed';
  /** Where it went (added or moved), for the list. */
  place?: string;
  /** How many of it were scanned (issue #25: scanning a code again counts it). 1 when absent. */
  quantity?: number;
  /** The seller's item already holding this code, on a shelf: the row offers to add to it. */
  held?: { itemId: string; name: string; place: string };
  /** The seller's choice for a held code: raise that item, or a new item on this shelf. */
  choice?: 'existing' | 'new';
  /** Once saved, the item the scan went to and the shelf it was saved through, so a later scan
   * of the same code raises that item. */
  itemId?: string;
  shelfId?: string;
}

export const scanQuantity = (entry: ScanEntry) => entry.quantity ?? 1;

/** The entry already in the list with this code (capitals and spaces ignored), if any. */
export function findEntry(entries: readonly ScanEntry[], code: string): ScanEntry | undefined {
  const key = matchKey(code);
  return key === '' ? undefined : entries.find((e) => matchKey(e.code) === key);
}

export type ScanOrCountResult =
  { ok: true; entries: ScanEntry[]; counted: ScanEntry | null } | { ok: false; message: string };

/**
 * A scan of the bulk list: a new code is appended; a code already in the list raises that
 * entry's quantity by one (counted is the entry as it is now), unless the seller chose one per
 * code, when it is refused as before ('This item has already been scanned').
 */
export function scanOrCount(
  entries: readonly ScanEntry[],
  entry: ScanEntry,
  onePerCode: boolean,
): ScanOrCountResult {
  const existing = findEntry(entries, entry.code);
  if (!existing || onePerCode) {
    const result = addEntry(entries, entry);
    return result.ok ? { ...result, counted: null } : result;
  }
  const counted = { ...existing, quantity: scanQuantity(existing) + 1 };
  return { ok: true, entries: entries.map((e) => (e === existing ? counted : e)), counted };
}

export type AddEntryResult = { ok: true; entries: ScanEntry[] } | { ok: false; message: string };

/** Appends a scan unless it is blank or already in the list ('This item has already been scanned'). */
export function addEntry(entries: readonly ScanEntry[], entry: ScanEntry): AddEntryResult {
  const result = addScan(
    entries.map((e) => e.code),
    entry.code,
  );
  if (!result.ok) return result;
  return { ok: true, entries: [...entries, { ...entry, code: entry.code.trim() }] };
}

export function removeEntry(entries: readonly ScanEntry[], code: string): ScanEntry[] {
  const keep = new Set(
    removeScan(
      entries.map((e) => e.code),
      code,
    ),
  );
  return entries.filter((e) => keep.has(e.code));
}

export function updateEntries(
  entries: readonly ScanEntry[],
  codes: readonly string[],
  change: Partial<ScanEntry>,
): ScanEntry[] {
  const targets = new Set(codes);
  return entries.map((e) => (targets.has(e.code) ? { ...e, ...change } : e));
}

/** The entries the Add all button sends: collected or refused earlier, not yet on a shelf. */
export function entriesToAdd(entries: readonly ScanEntry[]): ScanEntry[] {
  return entries.filter((e) => e.status === 'pending' || e.status === 'failed');
}

/** What the database is sent for an entry: a new item, or the quantity to add to a held one. */
export function scannedItemOf(entry: ScanEntry): {
  barcode: string;
  item_name: string;
  quantity?: number;
  item_id?: string;
} {
  const quantity = scanQuantity(entry);
  return {
    barcode: entry.code,
    item_name: entry.name,
    ...(quantity !== 1 ? { quantity } : {}),
    ...(entry.choice === 'existing' && entry.held ? { item_id: entry.held.itemId } : {}),
  };
}
