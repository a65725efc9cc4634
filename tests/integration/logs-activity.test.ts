/**
 * The activity log through the app's own code against a real stack: newest first, paged,
 * filtered by action, cleared for the seller only, and 'Clear Failed' when the server refuses.
 * Only the client instance is swapped in for the browser's.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  clientWithToken,
  closeDb,
  createDbUserPair,
  createStorage,
  db,
  type DbUser,
} from '../helpers/db-users.ts';
import { accountIdOf } from '../../src/domain/ids.ts';

/** A seller made here acts on their own account, whose id is theirs. */
const ownAccount = (user: { accountId: string }) => accountIdOf(user.accountId);

const current = vi.hoisted(() => ({ client: null as unknown }));
vi.mock('../../src/lib/supabase', () => ({
  get supabase() {
    return current.client;
  },
}));

const { getLogs, LOGS_PAGE_SIZE, ALL_ACTIONS } =
  await import('../../src/data/activity-log/get-logs.ts');
const { clearLogs } = await import('../../src/data/activity-log/clear-logs.ts');
const { DataError } = await import('../../src/data/errors.ts');

function signIn(user: DbUser): void {
  current.client = user.client as SupabaseClient;
}

/** `count` log lines, one second apart, cycling through the given actions (oldest first). */
async function writeLogs(accountId: string, count: number, actions: string[]): Promise<void> {
  await db().query(
    `insert into public.storage_logs (account_id, action, details, "timestamp")
     select $1, ($3::text[])[1 + (g - 1) % cardinality($3::text[])], 'Entry ' || g,
            now() - interval '1 hour' + g * interval '1 second'
       from generate_series(1, $2::int) g`,
    [accountId, count, actions],
  );
}

async function logCount(accountId: string): Promise<number> {
  const { rows } = await db().query<{ n: number }>(
    'select count(*)::int as n from public.storage_logs where account_id = $1',
    [accountId],
  );
  return rows[0]!.n;
}

afterAll(async () => {
  await closeDb();
});

describe('activity log', () => {
  it('pages newest first, 50 at a time', async () => {
    const [seller] = await createDbUserPair({ prefix: 'logs' });
    await writeLogs(seller.accountId, 120, ['add_item', 'move_item', 'remove_item']);
    signIn(seller);

    const first = await getLogs(ownAccount(seller), ALL_ACTIONS, 0);
    expect(first.total).toBe(120);
    expect(first.logs).toHaveLength(LOGS_PAGE_SIZE);
    expect(first.logs[0]?.details).toBe('Entry 120');
    expect(first.logs[49]?.details).toBe('Entry 71');
    const last = await getLogs(ownAccount(seller), ALL_ACTIONS, 2);
    expect(last.logs.map((log) => log.details)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Entry ${20 - i}`),
    );
  });

  it('filters by action, with the count of that action only', async () => {
    const [seller] = await createDbUserPair({ prefix: 'logs' });
    await writeLogs(seller.accountId, 9, ['add_item', 'move_item', 'remove_item']);
    signIn(seller);
    const moves = await getLogs(ownAccount(seller), 'move_item', 0);
    expect(moves.total).toBe(3);
    expect(moves.logs.map((log) => log.details)).toEqual(['Entry 8', 'Entry 5', 'Entry 2']);
    expect((await getLogs(ownAccount(seller), 'import_items', 0)).logs).toEqual([]);
  });

  it("shows the lines the storage functions write, in the seller's words", async () => {
    const [seller] = await createDbUserPair({ prefix: 'logs' });
    const storage = await createStorage(seller.accountId, { roomName: 'Garage', shelves: 1 });
    signIn(seller);
    const added = await seller.client.rpc('add_shelf', { p_unit_id: storage.unitIds[0] });
    expect(added.error).toBeNull();
    const { logs } = await getLogs(ownAccount(seller), ALL_ACTIONS, 0);
    expect(logs.map((log) => [log.action, log.details, log.user_email])).toEqual([
      ['add_shelf', 'Added shelf 2 to unit A', seller.email],
    ]);
  });

  it("clears the seller's log and nobody else's", async () => {
    const [seller, other] = await createDbUserPair({ prefix: 'logs' });
    await writeLogs(seller.accountId, 5, ['add_item']);
    await writeLogs(other.accountId, 4, ['add_item']);
    signIn(seller);
    await clearLogs(ownAccount(seller));
    expect(await logCount(seller.accountId)).toBe(0);
    expect(await logCount(other.accountId)).toBe(4);
    // a seller naming someone else's id clears nothing: RLS hides those rows
    await clearLogs(ownAccount(other));
    expect(await logCount(other.accountId)).toBe(4);
  });

  it("refuses with 'Clear Failed' when the server says no, and keeps the log", async () => {
    const [seller] = await createDbUserPair({ prefix: 'logs' });
    await writeLogs(seller.accountId, 3, ['add_item']);
    current.client = clientWithToken('not-a-token');
    const failure = await clearLogs(ownAccount(seller)).catch((error: unknown) => error);
    // The screen shows it as 'Clear Failed' with the server's sentence (showError's fallback).
    expect(failure).toBeInstanceOf(DataError);
    expect((failure as InstanceType<typeof DataError>).message).not.toBe('');
    expect(await logCount(seller.accountId)).toBe(3);
  });
});
