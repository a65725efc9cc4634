import { useSyncExternalStore } from 'react';
import {
  MAX_QUEUED_PHOTOS,
  canQueuePhoto,
  entryId,
  inOrder,
  type Decision,
  type OutboxEntry,
  type QueuedChange,
} from '../../domain/outbox';
import { DataError, isNetworkFailure } from '../errors';
import { isOffline } from '../../lib/online';
import { texts } from '../../lib/messages';
import { openDeviceDb } from './device-db';
import type { AccountId } from '../../domain/ids';

/**
 * The durable queue of changes made without a connection (issue #26), one per seller, kept in
 * the `outbox` store of the device database so it survives a reload and the tablet sleeping.
 * A record is a queued entry, or one the database refused on catch-up (`decision` set), which
 * waits there for the seller's choice instead of being dropped.
 *
 * The queue is mirrored in memory for the screen (`useOutbox`); every write goes to the memory
 * copy at once and to IndexedDB before the caller's promise resolves.
 */
interface OutboxRecord extends OutboxEntry {
  decision?: { reason: string; code: string | undefined };
}

export interface OutboxState {
  /** Read from the device (until then the queue looks empty). */
  loaded: boolean;
  /** Waiting to be sent, in the order made. */
  waiting: readonly OutboxEntry[];
  /** Refused by the database on catch-up, waiting for the seller. */
  decisions: readonly Decision[];
}

const EMPTY: OutboxState = { loaded: false, waiting: [], decisions: [] };

type Listener = () => void;

function randomTail(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().slice(0, 8)
    : Math.random().toString(36).slice(2, 10);
}

let counter = 0;
let lastMillis = 0;

function nextId(): string {
  const now = Date.now();
  counter = now === lastMillis ? counter + 1 : 0;
  lastMillis = now;
  return entryId(now, counter, randomTail());
}

function toState(records: readonly OutboxRecord[]): OutboxState {
  const ordered = inOrder(records) as OutboxRecord[];
  return {
    loaded: true,
    waiting: ordered
      .filter((record) => !record.decision)
      .map(({ id, at, change }) => ({ id, at, change })),
    decisions: ordered.flatMap((record) =>
      record.decision
        ? [
            {
              entry: { id: record.id, at: record.at, change: record.change },
              reason: record.decision.reason,
              code: record.decision.code,
            },
          ]
        : [],
    ),
  };
}

export class Outbox {
  private records = new Map<string, OutboxRecord>();
  private state: OutboxState = EMPTY;
  private readonly listeners = new Set<Listener>();
  private loading: Promise<void> | null = null;

  constructor(readonly accountId: AccountId) {}

  get snapshot(): OutboxState {
    return this.state;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private publish(): void {
    this.state = toState([...this.records.values()]);
    for (const listener of this.listeners) listener();
  }

  /** Reads the queue from the device once; later calls share the first read. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const db = await openDeviceDb(this.accountId);
        const stored = (await db.outbox.getAll()) as OutboxRecord[];
        // Anything queued in memory before the read finished stays (its write is on its way).
        for (const record of stored)
          if (!this.records.has(record.id)) this.records.set(record.id, record);
      } catch {
        // No IndexedDB (private mode in some browsers): the queue lives in memory only.
      }
      this.publish();
    })();
    return this.loading;
  }

  /**
   * Keeps a record in memory and on the device. `strict` (a photo): the device being out of room
   * is said, and the record dropped, rather than kept in memory only, where a reload loses it.
   */
  private async write(record: OutboxRecord, strict = false): Promise<void> {
    this.records.set(record.id, record);
    this.publish();
    try {
      const db = await openDeviceDb(this.accountId);
      await db.outbox.put(record, record.id);
    } catch (error) {
      if (strict && (error as { name?: unknown } | null)?.name === 'QuotaExceededError') {
        this.records.delete(record.id);
        this.publish();
        throw new DataError(texts.photoDeviceFull, { code: 'photo_device_full', cause: error });
      }
      // Kept in memory; see load().
    }
  }

  /** Photos on the device: waiting, or refused and not decided (their files are kept too). */
  private photoCount(): number {
    let count = 0;
    for (const record of this.records.values()) if (record.change.kind === 'photo') count += 1;
    return count;
  }

  private async remove(id: string): Promise<void> {
    this.records.delete(id);
    this.publish();
    try {
      const db = await openDeviceDb(this.accountId);
      await db.outbox.delete(id);
    } catch {
      // Kept in memory; see load().
    }
  }

  /** Puts a change at the end of the queue; a photo past the device's share is refused. */
  async enqueue(change: QueuedChange): Promise<OutboxEntry> {
    const photo = change.kind === 'photo';
    if (photo && !canQueuePhoto(this.photoCount()))
      throw new DataError(texts.photoQueueFull, {
        code: 'photo_queue_full',
        body: { limit: MAX_QUEUED_PHOTOS },
      });
    const entry: OutboxEntry = { id: nextId(), at: new Date().toISOString(), change };
    await this.write(entry, photo);
    return entry;
  }

  /** The change sent (or discarded by the seller). */
  done(id: string): Promise<void> {
    return this.remove(id);
  }

  /** The change with its ids rewritten (an add it depends on reached the database). */
  update(entry: OutboxEntry): Promise<void> {
    const known = this.records.get(entry.id);
    return this.write({ ...known, ...entry });
  }

  /** The database refused it: it waits for the seller's decision. */
  refuse(entry: OutboxEntry, reason: string, code: string | undefined): Promise<void> {
    return this.write({ ...entry, decision: { reason, code } });
  }

  /** "Try again": back at the end of the queue, as a new change. */
  async retry(id: string): Promise<void> {
    const known = this.records.get(id);
    if (!known) return;
    await this.remove(id);
    await this.enqueue(known.change);
  }
}

const outboxes = new Map<AccountId, Outbox>();

/** Per account, the real ids of items added offline and sent since (for this page's life). */
const sentIds = new Map<AccountId, Map<string, string>>();

/** Remembers the real ids the database gave items added offline (the replay tells them). */
export function rememberSentIds(accountId: AccountId, ids: ReadonlyMap<string, string>): void {
  let known = sentIds.get(accountId);
  if (!known) sentIds.set(accountId, (known = new Map()));
  for (const [temp, real] of ids) known.set(temp, real);
}

/**
 * The id to send for an item: a screen still showing an item added offline (a Bulk Scan entry)
 * names its temporary id after the add was sent, and a change naming it must name the real one.
 */
export function sentItemId(accountId: AccountId, itemId: string): string {
  return sentIds.get(accountId)?.get(itemId) ?? itemId;
}

/** The seller's queue (loaded from the device on first use). */
export function outboxFor(accountId: AccountId): Outbox {
  let outbox = outboxes.get(accountId);
  if (!outbox) {
    outbox = new Outbox(accountId);
    outboxes.set(accountId, outbox);
    void outbox.load();
  }
  return outbox;
}

/** The seller's queue as the screen shows it. */
export function useOutbox(accountId: AccountId | undefined): OutboxState {
  const outbox = accountId ? outboxFor(accountId) : undefined;
  return useSyncExternalStore(
    outbox?.subscribe ?? noSubscribe,
    () => outbox?.snapshot ?? EMPTY,
    () => EMPTY,
  );
}

const noSubscribe = () => () => undefined;

/**
 * Sends a change, or queues it: while the device is offline, while earlier changes still wait
 * (so nothing overtakes them), when the caller says it must wait (`queue`: it names an item added
 * offline and not sent yet), or when the request gets no answer. A database refusal is thrown
 * as before. `shown` is what the caller returns in place of the server's answer when queued: the
 * same optimistic edit the online path makes then stays on the screen.
 */
export async function sendOrQueue<T>(
  accountId: AccountId,
  change: QueuedChange,
  send: () => Promise<T>,
  shown: () => T,
  { queue = false }: { queue?: boolean } = {},
): Promise<T> {
  const outbox = outboxFor(accountId);
  await outbox.load();
  if (queue || isOffline() || outbox.snapshot.waiting.length > 0) {
    await outbox.enqueue(change);
    return shown();
  }
  try {
    return await send();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    await outbox.enqueue(change);
    return shown();
  }
}

/** Changes on this device the server has not taken yet: waiting, or refused and not decided. */
export function useUnsentChanges(accountId: AccountId | undefined): number {
  const { waiting, decisions } = useOutbox(accountId);
  return waiting.length + decisions.length;
}
