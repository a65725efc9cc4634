import { addScan, removeScan } from './barcodes';

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
