import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { parsePgOutput, type Relation, type TupleValues } from './pgoutput.ts';

export const PUBLICATION = 'supabase_realtime';

/** One row changed by a committed transaction, in commit order. */
export interface RowChange {
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  relation: Relation;
  commitTime: Date;
  /** The row after the change (INSERT, UPDATE), as Postgres prints each value. */
  newTuple: TupleValues | null;
  /** The row before it (DELETE; UPDATE with replica identity full), or only its key columns. */
  oldTuple: TupleValues | null;
}

export interface ChangeFeed {
  /** Drops the slot (by closing its session) and stops polling. */
  stop(): Promise<void>;
}

export interface ChangeFeedOptions {
  databaseUrl: string;
  /** Called with each poll's committed changes; the next poll waits for it. */
  onChanges: (changes: RowChange[]) => Promise<void>;
  /** Called when the slot was lost and made again: changes in between were missed. */
  onRestart: () => void;
  /** How often to ask for changes while someone listens, and while no one does. */
  busyIntervalMs: number;
  idleIntervalMs: number;
  isBusy: () => boolean;
  log: (line: string) => void;
}

/**
 * Committed changes to the tables of the `supabase_realtime` publication, read by logical decoding
 * with `pgoutput` (the publication decides which tables, as on hosted Supabase). The slot is
 * TEMPORARY: Postgres drops it when its session ends, so a stack that stops or crashes never
 * leaves a slot behind holding WAL until the disk fills. Polled, because a commit has no hook
 * outside the server; a poll with nothing new costs well under a millisecond.
 */
export async function startChangeFeed(opts: ChangeFeedOptions): Promise<ChangeFeed> {
  let stopped = false;
  let client: pg.Client | null = null;
  let slot = '';
  let timer: NodeJS.Timeout | null = null;
  let lost = false;
  const relations = new Map<number, Relation>();

  const open = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'stockroom-realtime' });
    c.on('error', () => undefined); // a lost session shows up as the next poll's error
    await c.connect();
    slot = `stockroom_realtime_${randomBytes(6).toString('hex')}`;
    await c.query(`select pg_create_logical_replication_slot($1, 'pgoutput', true)`, [slot]);
    return c;
  };

  const poll = async (c: pg.Client): Promise<void> => {
    const { rows } = await c.query<{ data: Buffer }>(
      `select data from pg_logical_slot_get_binary_changes($1, null, null,
         'proto_version', '1', 'publication_names', $2)`,
      [slot, PUBLICATION],
    );
    if (rows.length === 0) return;
    const changes: RowChange[] = [];
    let commitTime = new Date();
    for (const { data } of rows) {
      const m = parsePgOutput(data);
      if (m.kind === 'begin') commitTime = m.commitTime;
      else if (m.kind === 'relation') relations.set(m.relation.id, m.relation);
      else if (m.kind === 'insert' || m.kind === 'update' || m.kind === 'delete') {
        const relation = relations.get(m.relationId);
        if (!relation) continue;
        changes.push({
          action: m.kind === 'insert' ? 'INSERT' : m.kind === 'update' ? 'UPDATE' : 'DELETE',
          relation,
          commitTime,
          newTuple: m.kind === 'delete' ? null : m.newTuple,
          oldTuple: m.kind === 'insert' ? null : m.oldTuple,
        });
      }
    }
    if (changes.length > 0) await opts.onChanges(changes);
  };

  const loop = async () => {
    timer = null;
    if (stopped) return;
    try {
      if (!client) {
        client = await open();
        if (lost) opts.onRestart();
        lost = false;
      }
      await poll(client);
    } catch (error) {
      if (stopped) return;
      opts.log(`[realtime] change feed: ${(error as Error).message}; making a new slot`);
      const broken = client;
      client = null;
      lost = true;
      relations.clear();
      await broken?.end().catch(() => undefined);
    }
    if (!stopped) timer = setTimeout(loop, opts.isBusy() ? opts.busyIntervalMs : opts.idleIntervalMs);
  };

  client = await open();
  timer = setTimeout(loop, opts.busyIntervalMs);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
