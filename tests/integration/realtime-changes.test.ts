/**
 * The local Realtime service through supabase-js's own realtime client (ws in Node): a seller's
 * subscription receives the inserts, updates and deletes of their own rows, made through the API
 * (PostgREST) and read by logical decoding; a second seller, anon, an expired or forged token get
 * nothing; a token refreshed on the channel keeps it working; and the replication slot is one
 * temporary slot, made again if its session dies.
 */
import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonDbClient, closeDb, createDbUserPair, createStorage, db, type DbUser, type StorageFixture } from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';
import { signUserToken } from '../helpers/tokens.ts';

type Change = RealtimePostgresChangesPayload<Record<string, unknown>>;
// The storage tables, and the account's own row and memberships (issue #38), each with the
// column naming its account, as src/data/live-sync subscribes.
const TABLES: Record<string, string> = {
  storage_rooms: 'account_id',
  storage_isles: 'account_id',
  storage_units: 'account_id',
  storage_shelves: 'account_id',
  storage_items: 'account_id',
  accounts: 'id',
  account_members: 'account_id',
};

interface Listener {
  channel: RealtimeChannel;
  changes: Change[];
  statuses: string[];
  errors: string[];
  system: Array<{ status?: string; message?: string }>;
}

/** Subscribes `client` as the app does: every storage table and the account's, filtered to the seller's rows. */
async function listen(client: SupabaseClient, token: string | null, accountId: string | null, name: string): Promise<Listener> {
  if (token) await client.realtime.setAuth(token);
  const l: Listener = { channel: client.channel(name), changes: [], statuses: [], errors: [], system: [] };
  for (const [table, column] of Object.entries(TABLES)) {
    l.channel.on(
      'postgres_changes',
      { event: '*', schema: 'public', table, ...(accountId ? { filter: `${column}=eq.${accountId}` } : {}) },
      (payload: Change) => l.changes.push(payload),
    );
  }
  l.channel.on('system', {}, (payload: { status?: string; message?: string }) => l.system.push(payload));
  await new Promise<void>((resolve) => {
    l.channel.subscribe((status, err) => {
      l.statuses.push(status);
      if (err) l.errors.push(err.message);
      resolve();
    });
  });
  // "Subscribed to PostgreSQL" follows the join reply; wait for it when the join was accepted.
  await until(() => l.statuses.includes('SUBSCRIBED') ? l.system.length > 0 : true);
  return l;
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A change that goes nowhere in time: waits long enough for several polls of the feed. */
const settle = () => new Promise((r) => setTimeout(r, 400));

let a: DbUser;
let b: DbUser;
let storeA: StorageFixture;
const open: Listener[] = [];

beforeAll(async () => {
  [a, b] = await createDbUserPair({ plan: 'growing', prefix: 'rt' });
  storeA = await createStorage(a.accountId, { units: 2, shelves: 2, items: 1 });
  await createStorage(b.accountId, { units: 1, shelves: 1, items: 1 });
});

afterAll(async () => {
  for (const l of open) await l.channel.unsubscribe();
  for (const u of [a, b]) u.client.realtime.disconnect();
  await closeDb();
});

describe('a seller subscribed to their storage tables', () => {
  it('receives the insert, update and delete of their own items, and of a room, with the row', async () => {
    const la = await listen(a.client, a.token, a.accountId, 'seller-a');
    const lb = await listen(b.client, b.token, b.accountId, 'seller-b');
    open.push(la, lb);
    expect(la.statuses).toEqual(['SUBSCRIBED']);
    expect(la.system[0]).toMatchObject({ status: 'ok', message: 'Subscribed to PostgreSQL' });

    const { data: added, error } = await a.client
      .from('storage_items')
      .insert({ item_name: 'Blue kettle', quantity: 2, shelf_id: storeA.shelfIds[0] })
      .select('item_id')
      .single();
    expect(error).toBeNull();
    const itemId = (added as { item_id: string }).item_id;
    await a.client.from('storage_items').update({ quantity: 5, shelf_id: storeA.shelfIds[1] }).eq('item_id', itemId);
    await a.client.from('storage_items').delete().eq('item_id', itemId);
    await a.client.from('storage_rooms').update({ room_name: 'Back garage' }).eq('room_id', storeA.roomId);

    await until(() => la.changes.length >= 4).catch(() => { throw new Error(JSON.stringify(la.changes.map((c) => [c.table, c.eventType]))); });
    const [insert, update, remove, rename] = la.changes;
    expect(insert).toMatchObject({
      eventType: 'INSERT',
      schema: 'public',
      table: 'storage_items',
      new: { item_id: itemId, item_name: 'Blue kettle', quantity: 2, account_id: a.accountId, shelf_id: storeA.shelfIds[0] },
    });
    expect(typeof insert!.commit_timestamp).toBe('string');
    expect(update).toMatchObject({
      eventType: 'UPDATE',
      new: { item_id: itemId, quantity: 5, shelf_id: storeA.shelfIds[1] },
      old: { item_id: itemId },
    });
    expect(remove).toMatchObject({ eventType: 'DELETE', table: 'storage_items', old: { item_id: itemId } });
    // Only the primary key of a deleted row, as Supabase sends it for tables with RLS.
    expect(Object.keys((remove as { old: object }).old)).toEqual(['item_id']);
    expect(rename).toMatchObject({ eventType: 'UPDATE', table: 'storage_rooms', new: { room_name: 'Back garage' } });

    await settle();
    expect(la.changes).toHaveLength(4);
    expect(lb.changes).toEqual([]);
  });

  it('a second seller, and anon, subscribed without any filter, receive none of the first seller’s changes', async () => {
    const lb = await listen(b.client, b.token, null, 'seller-b-unfiltered');
    const anon = anonDbClient();
    const lanon = await listen(anon, null, null, 'anon-unfiltered');
    open.push(lb, lanon);
    expect(lb.statuses).toEqual(['SUBSCRIBED']);
    expect(lanon.statuses).toEqual(['SUBSCRIBED']);

    // Through the API, and as the superuser the server's functions are (both decoded the same).
    const { data } = await a.client
      .from('storage_items')
      .insert({ item_name: 'Secret lamp', shelf_id: storeA.shelfIds[0] })
      .select('item_id')
      .single();
    const itemId = (data as { item_id: string }).item_id;
    await db().query(`update public.storage_items set quantity = 9 where item_id = $1`, [itemId]);
    await a.client.from('storage_items').delete().eq('item_id', itemId);
    // Nor A's account row (its plan) or memberships, published for A's members (issue #38).
    await db().query(`update public.accounts set plan_id = 'elite' where id = $1`, [a.accountId]);
    await db().query(`update public.account_members set last_active_at = now() where account_id = $1`, [a.accountId]);
    // B's own change on the same table still reaches B: the subscription works, it only hides A's rows.
    await b.client.from('storage_rooms').update({ room_name: 'B shed' }).eq('account_id', b.accountId);

    await until(() => lb.changes.length >= 1);
    await settle();
    expect(lb.changes.map((c) => [c.table, c.eventType])).toEqual([['storage_rooms', 'UPDATE']]);
    expect(JSON.stringify(lb.changes)).not.toContain(itemId);
    expect(lanon.changes).toEqual([]);
    anon.realtime.disconnect();
  });
});

describe('tokens', () => {
  it('refuses to join with a forged token and with an expired one', async () => {
    const forged = await signUserToken('not-the-project-secret-but-long-enough-123', a.id);
    const l1 = await listen(anonDbClient(), forged, a.accountId, 'forged');
    expect(l1.statuses).toContain('CHANNEL_ERROR');
    expect(l1.errors.join()).toContain('JwtSignatureError: Failed to validate JWT signature');

    const expired = await signUserToken(stack().jwtSecret, a.id, { expiresInSeconds: -5 });
    const l2 = await listen(anonDbClient(), expired, a.accountId, 'expired');
    expect(l2.statuses).toContain('CHANNEL_ERROR');
    expect(l2.errors.join()).toMatch(/InvalidJWTToken: Token has expired \d+ seconds ago/);
    for (const l of [l1, l2]) l.channel.socket.disconnect();
  });

  it('ends a channel whose token expires, with nothing delivered after it', async () => {
    const client = anonDbClient();
    const short = await signUserToken(stack().jwtSecret, a.id, { expiresInSeconds: 2 });
    const l = await listen(client, short, a.accountId, 'short-lived');
    expect(l.statuses).toEqual(['SUBSCRIBED']);
    await until(() => l.statuses.includes('CLOSED'), 5_000);
    expect(l.system.at(-1)).toMatchObject({ status: 'error', message: expect.stringMatching(/^Token has expired/) });
    await a.client.from('storage_rooms').update({ room_name: 'After expiry' }).eq('room_id', storeA.roomId);
    await settle();
    expect(l.changes).toEqual([]);
    client.realtime.disconnect();
  });

  it('keeps a channel working when its token is refreshed before it expires', async () => {
    const client = anonDbClient();
    const short = await signUserToken(stack().jwtSecret, a.id, { expiresInSeconds: 3 });
    const l = await listen(client, short, a.accountId, 'refreshed');
    const fresh = await signUserToken(stack().jwtSecret, a.id, { expiresInSeconds: 3600 });
    await client.realtime.setAuth(fresh);
    await new Promise((r) => setTimeout(r, 3_500));
    await a.client.from('storage_rooms').update({ room_name: 'Refreshed garage' }).eq('room_id', storeA.roomId);
    await until(() => l.changes.length >= 1);
    expect(l.changes[0]).toMatchObject({ eventType: 'UPDATE', new: { room_name: 'Refreshed garage' } });
    expect(l.statuses).toEqual(['SUBSCRIBED']);
    client.realtime.disconnect();
  });

  it('ends a channel given a forged token in an access_token update', async () => {
    const client = anonDbClient();
    const l = await listen(client, a.token, a.accountId, 'forged-refresh');
    await client.realtime.setAuth(await signUserToken('not-the-project-secret-but-long-enough-123', a.id));
    await until(() => l.statuses.includes('CLOSED'));
    expect(l.system.at(-1)).toMatchObject({ status: 'error', message: 'Failed to validate JWT signature' });
    client.realtime.disconnect();
  });
});

describe('the replication slot', () => {
  it('is one temporary slot, made again when its session dies, and changes flow again', async () => {
    const slots = async () =>
      (await db().query<{ slot_name: string; temporary: boolean; active_pid: number | null }>(
        `select slot_name, temporary, active_pid from pg_replication_slots where slot_name like 'stockroom_realtime_%'`,
      )).rows;
    const before = await slots();
    expect(before).toHaveLength(1);
    expect(before[0]!.temporary).toBe(true);

    await db().query('select pg_terminate_backend($1)', [before[0]!.active_pid]);
    const client = anonDbClient();
    await new Promise((r) => setTimeout(r, 1_500));
    const after = await slots();
    expect(after).toHaveLength(1);
    expect(after[0]!.slot_name).not.toBe(before[0]!.slot_name);

    const l = await listen(client, a.token, a.accountId, 'after-restart');
    await a.client.from('storage_rooms').update({ room_name: 'After restart' }).eq('room_id', storeA.roomId);
    await until(() => l.changes.length >= 1);
    expect(l.changes[0]).toMatchObject({ new: { room_name: 'After restart' } });
    client.realtime.disconnect();
  });
});
