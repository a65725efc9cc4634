/**
 * Import through the app's own code (parse → preview → staged batches → one commit) against a
 * real stack, signed in as the seller: all-or-nothing, the plan limit, a 5000-row Elite import,
 * and the staging table's guarantees. Only the client instance is swapped in for the browser's.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { stack } from '../helpers/stack.ts';
import { closeDb, createDbUser, createDbUserPair, db, type DbUser } from '../helpers/db-users.ts';
import { accountIdOf } from '../../src/domain/ids.ts';

/** A seller made here acts on their own account, whose id is theirs. */
const ownAccount = (user: { accountId: string }) => accountIdOf(user.accountId);

const current = vi.hoisted(() => ({ client: null as unknown }));
vi.mock('../../src/lib/supabase', () => ({
  get supabase() {
    return current.client;
  },
}));

const { importItems } = await import('../../src/data/import-export/import-items.ts');
const { parseImportText } = await import('../../src/features/import-export/read-import-file.ts');
const { buildImportPreview, canCommit } =
  await import('../../src/features/import-export/import-preview.ts');
const { getStorageTree } = await import('../../src/data/storage/get-storage-tree.ts');
const { getItemCount } = await import('../../src/data/import-export/get-item-count.ts');

function signIn(user: DbUser): void {
  current.client = user.client as SupabaseClient;
}

/** Garage › isles 1-2 › units A, B › shelves 1-3 each, for the given user (superuser insert). */
async function layout(accountId: string): Promise<void> {
  await db().query(
    `with room as (
       insert into public.storage_rooms (account_id, room_name) values ($1, 'Garage') returning room_id
     ), isles as (
       insert into public.storage_isles (account_id, room_id, isle_index)
       select $1, room_id, g from room, generate_series(1, 2) g returning isle_id
     ), units as (
       insert into public.storage_units (account_id, isle_id, unit_name, unit_index)
       select $1, isle_id, chr(64 + g), g from isles, generate_series(1, 2) g returning unit_id
     )
     insert into public.storage_shelves (account_id, unit_id, shelf_index)
     select $1, unit_id, g from units, generate_series(1, 3) g`,
    [accountId],
  );
}

async function itemCount(accountId: string): Promise<number> {
  const { rows } = await db().query<{ n: number }>(
    'select count(*)::int as n from public.storage_items where account_id = $1',
    [accountId],
  );
  return rows[0]!.n;
}

async function logLines(accountId: string): Promise<string[]> {
  const { rows } = await db().query<{ details: string }>(
    `select details from public.storage_logs where account_id = $1 and action = 'import_items'`,
    [accountId],
  );
  return rows.map((row) => row.details);
}

async function stagedBatches(accountId: string): Promise<number> {
  const { rows } = await db().query<{ n: number }>(
    'select count(*)::int as n from public.import_batches where account_id = $1',
    [accountId],
  );
  return rows[0]!.n;
}

const HEADER = 'Item Name,Quantity,Room,Isle,Unit,Shelf,Barcode,SKU,Price Paid,Expiry Date';

function csvOf(count: number, line: (n: number) => string = (n) => `Item ${n},1,Garage,1,A,1,,,,`) {
  return [HEADER, ...Array.from({ length: count }, (_, i) => line(i + 1))].join('\n');
}

async function preview(user: DbUser, csv: string, planId: string) {
  signIn(user);
  const [rooms, currentItemCount] = await Promise.all([
    getStorageTree(),
    getItemCount(ownAccount(user)),
  ]);
  return buildImportPreview({
    fileName: 'items.csv',
    parsed: parseImportText(csv),
    rooms,
    planId,
    currentItemCount,
    dateFormat: 'US',
  });
}

afterAll(async () => {
  await closeDb();
});

describe('import: all or nothing', () => {
  let seller: DbUser;
  beforeEach(async () => {
    seller = await createDbUser({ plan: 'growing', prefix: 'imp' });
    await layout(seller.accountId);
  });

  it('one bad row among 500 is reported with its row number and nothing is written', async () => {
    const csv = csvOf(500, (n) =>
      n === 317 ? `Item ${n},1,Garage,1,Z,1,,,,` : `Item ${n},1,Garage,1,A,1,,,,`,
    );
    const result = await preview(seller, csv, 'growing');
    expect(result.errors).toEqual([
      { row: 318, field: 'unit', message: "Unit 'Z' not found in isle 1" },
    ]);
    expect(canCommit(result)).toBe(false);
    expect(await itemCount(seller.accountId)).toBe(0);
  });

  it('the server refuses the whole import when a row went bad after the preview', async () => {
    const result = await preview(seller, csvOf(500), 'growing');
    expect(canCommit(result)).toBe(true);
    // The shelf of row 400 is removed between preview and commit.
    const items = result.items.map((item, index) =>
      index === 398 ? { ...item, shelf_id: crypto.randomUUID() } : item,
    );
    const progress: number[] = [];
    await expect(importItems(items, (p) => progress.push(p.done))).rejects.toThrow(
      'Row 400: Invalid location for item',
    );
    expect(progress.at(-1)).toBe(1); // the one batch of 500 was staged before the commit
    expect(await itemCount(seller.accountId)).toBe(0);
    expect(await logLines(seller.accountId)).toEqual([]);
    expect(await stagedBatches(seller.accountId)).toBe(0); // discarded
  });

  it('the whole import is refused when it would pass the item limit', async () => {
    const result = await preview(seller, csvOf(501), 'growing');
    expect(result.limitProblem).toBe(
      'Adding 501 items would exceed your growing plan limit of 500 items',
    );
    expect(canCommit(result)).toBe(false);
    // and the server says the same if the browser is bypassed
    await expect(importItems(result.items)).rejects.toThrow(
      'Adding 501 items would exceed your growing plan limit of 500 items',
    );
    // with how many more fit, by the database's own count, for the import screen to say
    await expect(importItems(result.items)).rejects.toMatchObject({
      hint: 'Your plan has room for 500 more items; this file adds 501.',
    });
    expect(await itemCount(seller.accountId)).toBe(0);
  });

  it('imports every row in file order with one log line naming up to 20 items', async () => {
    const result = await preview(
      seller,
      csvOf(3, (n) => `Mug ${n},${n},garage,2,b,3,BC${n},SKU-${n},4.5,12/31/2026`),
      'growing',
    );
    expect(result.errors).toEqual([]);
    const seen: string[] = [];
    const done = await importItems(result.items, (p) =>
      seen.push(`${p.done}/${p.total}${p.committing ? ' commit' : ''}`),
    );
    expect(done.imported).toBe(3);
    expect(seen).toEqual(['0/1', '1/1', '1/1 commit']);
    const { rows } = await db().query(
      `select item_name, quantity, barcode, sku, price_paid::text, expiry_date::text
         from public.storage_items where account_id = $1 order by created_at`,
      [seller.accountId],
    );
    expect(rows).toEqual(
      [1, 2, 3].map((n) => ({
        item_name: `Mug ${n}`,
        quantity: n,
        barcode: `BC${n}`,
        sku: `SKU-${n}`,
        price_paid: '4.50',
        expiry_date: '2026-12-31',
      })),
    );
    expect(await logLines(seller.accountId)).toEqual(['Imported 3 item(s): Mug 1, Mug 2, Mug 3']);
    expect(await stagedBatches(seller.accountId)).toBe(0);
  });

  it('a log line for more than 20 items does not list them', async () => {
    const result = await preview(seller, csvOf(21), 'growing');
    await importItems(result.items);
    expect(await logLines(seller.accountId)).toEqual(['Imported 21 item(s)']);
  });
});

describe('import: 5000 rows on Elite', () => {
  it('completes in 10 batches of 500 with one commit', async () => {
    const seller = await createDbUser({ plan: 'elite', prefix: 'imp5k' });
    await layout(seller.accountId);
    const csv = csvOf(
      5000,
      (n) =>
        `Item ${n},${(n % 7) + 1},Garage,${(n % 2) + 1},${n % 3 ? 'A' : 'B'},${(n % 3) + 1},${n},,1.25,`,
    );
    const started = performance.now();
    const result = await preview(seller, csv, 'elite');
    expect(result.errors).toEqual([]);
    expect(canCommit(result)).toBe(true);
    let batches = 0;
    const done = await importItems(result.items, (p) => (batches = p.total));
    const seconds = (performance.now() - started) / 1000;
    expect(batches).toBe(10);
    expect(done.imported).toBe(5000);
    expect(await itemCount(seller.accountId)).toBe(5000);
    expect(await logLines(seller.accountId)).toEqual(['Imported 5000 item(s)']);
    // Not a budget (that is the bench's job); printed so a slowdown is visible in the run.
    console.log(`5000-row import end to end: ${seconds.toFixed(2)} s`);
  }, 60_000);
});

describe('import: a batch lost on the way', () => {
  it('leaves no items and no staged rows when the network drops batch 3 of 4', async () => {
    const seller = await createDbUser({ plan: 'elite', prefix: 'drop' });
    await layout(seller.accountId);
    const result = await preview(seller, csvOf(2000), 'elite');
    let posts = 0;
    // The real server, reached through a fetch that loses the 3rd batch upload.
    current.client = createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
      global: {
        headers: { Authorization: `Bearer ${seller.token}` },
        fetch: (input, init) => {
          if (String(input).includes('/import_batches') && init?.method === 'POST') {
            posts += 1;
            if (posts === 3) return Promise.reject(new TypeError('fetch failed'));
          }
          return fetch(input, init);
        },
      },
    });
    await expect(importItems(result.items)).rejects.toThrow('fetch failed');
    expect(await itemCount(seller.accountId)).toBe(0);
    expect(await logLines(seller.accountId)).toEqual([]);
    expect(await stagedBatches(seller.accountId)).toBe(0);
  });
});

describe('import staging', () => {
  it('refuses a commit with a batch missing, and writes nothing', async () => {
    const seller = await createDbUser({ plan: 'growing', prefix: 'stage' });
    await layout(seller.accountId);
    const result = await preview(seller, csvOf(2), 'growing');
    const importId = crypto.randomUUID();
    const row = { item_name: 'Mug', quantity: 1, shelf_id: result.items[0]!.shelf_id };
    const staged = await seller.client
      .from('import_batches')
      .insert({ import_id: importId, batch_no: 0, rows: [row] });
    expect(staged.error).toBeNull();
    const commit = await seller.client.rpc('commit_import', {
      p_import_id: importId,
      p_batches: 2,
    });
    expect(commit.error?.message).toBe(
      'The import was not fully uploaded; nothing was imported. Please try again',
    );
    expect(await itemCount(seller.accountId)).toBe(0);
    const discarded = await seller.client.rpc('discard_import', { p_import_id: importId });
    expect(discarded.data).toBe(1);
  });

  it('keeps each seller to their own batches and refuses batches over 500 rows', async () => {
    const [seller, other] = await createDbUserPair({ plan: 'growing', prefix: 'stage2' });
    const importId = crypto.randomUUID();
    const row = { item_name: 'Mug', quantity: 1 };
    await seller.client
      .from('import_batches')
      .insert({ import_id: importId, batch_no: 0, rows: [row] });
    const seen = await other.client.from('import_batches').select('*').eq('import_id', importId);
    expect(seen.data).toEqual([]);
    const commit = await other.client.rpc('commit_import', { p_import_id: importId, p_batches: 1 });
    expect(commit.error?.message).toMatch(/not fully uploaded/);
    const forged = await other.client
      .from('import_batches')
      .insert({ account_id: seller.accountId, import_id: importId, batch_no: 1, rows: [row] });
    expect(forged.error?.code).toBe('42501');
    const tooBig = await seller.client.from('import_batches').insert({
      import_id: importId,
      batch_no: 1,
      rows: Array.from({ length: 501 }, () => row),
    });
    expect(tooBig.error?.code).toBe('23514');
  });
});

describe('import: committed exactly once (issue #38)', () => {
  it('20 parallel commits of one staged upload create its rows once and all get its answer', async () => {
    const seller = await createDbUser({ plan: 'growing', prefix: 'once' });
    await layout(seller.accountId);
    const result = await preview(seller, csvOf(20), 'growing');
    const importId = crypto.randomUUID();
    const rows = result.items.map((item) => ({
      item_name: item.item_name,
      quantity: item.quantity,
      shelf_id: item.shelf_id,
    }));
    const staged = await seller.client
      .from('import_batches')
      .insert({ import_id: importId, batch_no: 0, rows });
    expect(staged.error).toBeNull();

    const commits = await Promise.all(
      Array.from({ length: 20 }, () =>
        seller.client.rpc('commit_import', { p_import_id: importId, p_batches: 1 }),
      ),
    );
    expect(await itemCount(seller.accountId)).toBe(20);
    expect(await logLines(seller.accountId)).toHaveLength(1);
    expect(commits.map((c) => c.error)).toEqual(Array.from({ length: 20 }, () => null));
    const answers = commits.map((c) => c.data as { imported: number; already_imported?: true });
    // The first commit imports; every other one is told it already was, with the same figures.
    expect(answers.filter((a) => !a.already_imported)).toHaveLength(1);
    expect(answers.map((a) => a.imported)).toEqual(Array.from({ length: 20 }, () => 20));
    expect(await stagedBatches(seller.accountId)).toBe(0);
  });

  it('asks again when the answer to the commit is lost, and the import still happens once', async () => {
    const seller = await createDbUser({ plan: 'growing', prefix: 'lost' });
    await layout(seller.accountId);
    const result = await preview(seller, csvOf(30), 'growing');
    let commits = 0;
    // The real server, reached through a fetch that loses the answer to the first commit after
    // the server has run it: what a timeout looks like to the browser.
    current.client = createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
      global: {
        headers: { Authorization: `Bearer ${seller.token}` },
        fetch: async (input, init) => {
          const answer = await fetch(input, init);
          if (String(input).includes('/rpc/commit_import') && (commits += 1) === 1) {
            await answer.text();
            throw new TypeError('Failed to fetch');
          }
          return answer;
        },
      },
    });
    const done = await importItems(result.items);
    expect(commits).toBe(2);
    expect(done.imported).toBe(30);
    expect(await itemCount(seller.accountId)).toBe(30);
    expect(await logLines(seller.accountId)).toEqual(['Imported 30 item(s)']);
  });
});
