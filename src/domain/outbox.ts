/**
 * The offline queue's rules (issue "The tablet in a stockroom with patchy Wi-Fi"): a change made
 * without a connection is kept on the device with the very arguments its data-layer call takes,
 * sent later in the order made, and described to the seller in their own words.
 */
import type { CountLine } from './shelf-count';

/** What an item scan or add carries; the same shape the data layer sends. */
export interface QueuedScan {
  barcode: string;
  item_name?: string;
  quantity?: number;
  item_id?: string;
}

/**
 * A photo taken offline, resized on the device as online (src/lib/image-resize.ts): both files
 * are kept in the queued change itself, so they are stored and deleted with it.
 */
export interface QueuedPhotoFiles {
  photo: Blob;
  thumb: Blob;
  width: number;
  height: number;
}

/**
 * One queued change: `args` are the arguments of the data-layer function replay calls
 * (moveItems, updateItem, addItem, addScannedItems, applyShelfCount, sendPhoto); the rest is
 * what the seller is shown.
 */
export type QueuedChange =
  | {
      kind: 'move';
      args: [itemIds: string[], shelfId: string];
      /** The items' names, in the order moved. */
      names: string[];
      /** Where to, as the seller reads it ("Garage › Isle 1 › A › Shelf 2"). */
      place: string;
    }
  | {
      kind: 'update';
      args: [itemId: string, changes: Record<string, unknown>];
      name: string;
      /** The quantity before a quantity-only change, to say "from 3 to 4". */
      before?: number;
    }
  | {
      kind: 'add';
      args: [
        shelfId: string,
        fields: { item_name: string; quantity: number } & Record<string, unknown>,
      ];
      /** The id the item has on this device until the database gives it its own. */
      tempId: string;
      place: string;
    }
  | {
      kind: 'scan';
      args: [shelfId: string, items: QueuedScan[]];
      /** Per scan, the id shown on this device for an item the scan creates (none: it raises one). */
      tempIds: (string | null)[];
      place: string;
    }
  | {
      /** A shelf count (issue #41): refused on catch-up, like online, if the shelf changed. */
      kind: 'count';
      args: [shelfId: string, expected: CountLine[], found: CountLine[]];
      place: string;
    }
  | {
      /** A photo of an item (issue #40); its id is chosen on the device, so a resend is the same photo. */
      kind: 'photo';
      args: [itemId: string, photoId: string, files: QueuedPhotoFiles];
      /** The item's name when the photo was taken. */
      name: string;
    };

export interface OutboxEntry {
  /** Unique on the device; also the order made (see `entryId`). */
  id: string;
  /** When it was made (ISO). */
  at: string;
  change: QueuedChange;
}

/** A change the database refused on catch-up, waiting for the seller's choice. */
export interface Decision {
  entry: OutboxEntry;
  /** What happened, in the seller's words (the data layer's error message). */
  reason: string;
  /** The database's code: PT404 not found, P0001 plan limit, 22023 invalid. */
  code: string | undefined;
}

const TEMP_PREFIX = 'offline-';

/** A temporary item id for an item added offline. */
export function tempItemId(random: string): string {
  return `${TEMP_PREFIX}${random}`;
}

export function isTempId(id: string): boolean {
  return id.startsWith(TEMP_PREFIX);
}

/**
 * An entry id that sorts in the order made: the time, then a counter for changes made in the
 * same millisecond, then a random tail so two tabs never collide.
 */
export function entryId(now: number, counter: number, random: string): string {
  return `${now.toString(36).padStart(10, '0')}-${counter.toString(36).padStart(4, '0')}-${random}`;
}

/** The entries in the order they were made. */
export function inOrder(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every item id a change names. */
export function itemIdsOf(change: QueuedChange): string[] {
  switch (change.kind) {
    case 'move':
      return [...change.args[0]];
    case 'update':
      return [change.args[0]];
    case 'add':
      return [];
    case 'scan':
      return change.args[1].flatMap((scan) => (scan.item_id ? [scan.item_id] : []));
    case 'count':
      return [...change.args[1], ...change.args[2]].map((line) => line.item_id);
    case 'photo':
      return [change.args[0]];
  }
}

/** The temporary ids a change still names (an add that has not reached the database yet). */
export function pendingTempIds(change: QueuedChange): string[] {
  return itemIdsOf(change).filter(isTempId);
}

/** The change with every item id found in `ids` (temporary → real) replaced. */
export function rewriteIds(change: QueuedChange, ids: ReadonlyMap<string, string>): QueuedChange {
  const real = (id: string) => ids.get(id) ?? id;
  switch (change.kind) {
    case 'move':
      return { ...change, args: [change.args[0].map(real), change.args[1]] };
    case 'update':
      return { ...change, args: [real(change.args[0]), change.args[1]] };
    case 'add':
      return change;
    case 'scan':
      return {
        ...change,
        args: [
          change.args[0],
          change.args[1].map((scan) =>
            scan.item_id ? { ...scan, item_id: real(scan.item_id) } : scan,
          ),
        ],
      };
    case 'count': {
      const lines = (list: CountLine[]) =>
        list.map((line) => ({ ...line, item_id: real(line.item_id) }));
      return { ...change, args: [change.args[0], lines(change.args[1]), lines(change.args[2])] };
    }
    case 'photo':
      return { ...change, args: [real(change.args[0]), change.args[1], change.args[2]] };
  }
}

/** The temporary → real ids an add or a scan produced, from the database's answer. */
export function idsFromAnswer(change: QueuedChange, answer: unknown): Map<string, string> {
  const ids = new Map<string, string>();
  if (change.kind === 'add') {
    const id = (answer as { item_id?: unknown } | null)?.item_id;
    if (typeof id === 'string') ids.set(change.tempId, id);
  } else if (change.kind === 'scan') {
    const realIds = (answer as { item_ids?: unknown } | null)?.item_ids;
    if (Array.isArray(realIds))
      change.tempIds.forEach((temp, index) => {
        const id: unknown = realIds[index];
        if (temp && typeof id === 'string') ids.set(temp, id);
      });
  }
  return ids;
}

export type FailureKind = 'network' | 'refused';

/**
 * A failed send: 'network' when the request got no answer (kept, retried later), 'refused' when
 * the database answered no (shown to the seller to decide). Anything with an answer is a refusal,
 * so nothing loops forever on a change the database will never take.
 */
export function failureKind(failure: { network: boolean }): FailureKind {
  return failure.network ? 'network' : 'refused';
}

/** "1 change waiting", "3 changes waiting". */
export function changesWaiting(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting`;
}

/** Asked before signing out, which deletes the device's copy and its queue with it. */
export function unsentChangesWarning(count: number): string {
  const these =
    count === 1 ? '1 change made on this device has' : `${count} changes made on this device have`;
  return `${these} not been sent yet. Signing out now deletes ${count === 1 ? 'it' : 'them'}; stay signed in and ${count === 1 ? 'it is' : 'they are'} sent when the connection is back.`;
}

/** "1 change needs your decision", "2 changes need your decision". */
export function decisionsWaiting(count: number): string {
  return `${count} ${count === 1 ? 'change needs' : 'changes need'} your decision`;
}

function listNames(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  return `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`;
}

const FIELD_WORDS: Record<string, string> = {
  item_name: 'name',
  quantity: 'quantity',
  barcode: 'barcode',
  sku: 'SKU',
  price_paid: 'price paid',
  expiry_date: 'expiry date',
  reorder_level: 'reorder level',
};

/** The change in the seller's words: "Move Hammer to Garage › Isle 1 › A › Shelf 2". */
export function describeChange(change: QueuedChange): string {
  switch (change.kind) {
    case 'move':
      return `Move ${listNames(change.names)} to ${change.place}`;
    case 'update': {
      const changes = change.args[1];
      const keys = Object.keys(changes);
      if (keys.length === 1 && keys[0] === 'quantity') {
        const to = String(changes.quantity);
        return change.before === undefined
          ? `Set ${change.name} quantity to ${to}`
          : `Change ${change.name} quantity from ${change.before} to ${to}`;
      }
      if (keys.length === 1 && keys[0] === 'item_name')
        return `Rename ${change.name} to ${String(changes.item_name)}`;
      return `Edit ${change.name} (${keys.map((key) => FIELD_WORDS[key] ?? key).join(', ')})`;
    }
    case 'add': {
      const fields = change.args[1];
      return `Add ${fields.item_name} (${fields.quantity}) to ${change.place}`;
    }
    case 'scan': {
      const scans = change.args[1];
      const count = scans.reduce((sum, scan) => sum + (scan.quantity ?? 1), 0);
      return `Add ${count} scanned ${count === 1 ? 'item' : 'items'} to ${change.place}`;
    }
    case 'count':
      return `Apply the count of ${change.place}`;
    case 'photo':
      return `Photo for ${change.name}`;
  }
}

/**
 * At most this many photos wait on one device (queued or refused and not decided): each holds
 * about 0.5 MB of IndexedDB, which the browser may limit, so the seller hears it before then.
 */
export const MAX_QUEUED_PHOTOS = 50;

/** Whether one more photo may wait on a device that holds `count`. */
export function canQueuePhoto(count: number): boolean {
  return count < MAX_QUEUED_PHOTOS;
}

/** A photo waiting in the queue, as its item shows it. */
export interface QueuedPhoto {
  entryId: string;
  photoId: string;
  files: QueuedPhotoFiles;
}

/** The photos waiting in the queue, by the item id they name, each item's in the order taken. */
export function queuedPhotosByItem(
  entries: readonly OutboxEntry[],
): ReadonlyMap<string, readonly QueuedPhoto[]> {
  const byItem = new Map<string, QueuedPhoto[]>();
  for (const { id, change } of inOrder(entries)) {
    if (change.kind !== 'photo') continue;
    const [itemId, photoId, files] = change.args;
    const list = byItem.get(itemId);
    const photo = { entryId: id, photoId, files };
    if (list) list.push(photo);
    else byItem.set(itemId, [photo]);
  }
  return byItem;
}

/** An edit or quantity change whose item is gone can be added back as a new item. */
export function canAddBack(decision: Decision): boolean {
  return decision.code === 'PT404' && decision.entry.change.kind === 'update';
}
