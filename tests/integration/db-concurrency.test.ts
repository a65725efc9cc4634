/**
 * Issue 21, concurrency: one seller's requests arriving at once, through PostgREST with the
 * seller's token. 20 of each kind in parallel must end without a deadlock or a 500, without two
 * rows sharing a number, and within the plan's limits.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, createDbUser, createStorage, db, type DbUser } from '../helpers/db-users.ts';

afterAll(async () => {
  await closeDb();
});

interface Outcome {
  status: number;
  error: { code?: string; message: string } | null;
}

/** Every request answered, none with a server error or a deadlock. */
function expectNoServerErrors(outcomes: Outcome[]): void {
  const bad = outcomes.filter((o) => o.status >= 500 || o.error?.code === '40P01');
  expect(bad).toEqual([]);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const times = <T>(n: number, make: (i: number) => PromiseLike<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

async function numbers(sql: string, accountId: string): Promise<number[]> {
  const { rows } = await db().query<{ n: number }>(sql, [accountId]);
  return rows.map((r) => r.n);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe('20 parallel requests of each kind', () => {
  it('restore beside item inserts and moves: no deadlock, the restore wins whole', async () => {
    const seller: DbUser = await createDbUser({ plan: 'power', prefix: 'conc-restore' });
    const s = await createStorage(seller.accountId, { units: 1, shelves: 2, items: 400 });
    const backup = await seller.client.rpc('create_backup');
    expect(backup.error).toBeNull();

    const results = await Promise.all([
      // restores spread over the run too, so inserts and moves land before, inside and after them
      ...Array.from({ length: 5 }, (_, i) =>
        pause(i * 25).then(() =>
          seller.client.rpc('restore_backup', { p_backup_id: backup.data.backup_id }),
        ),
      ),
      // spread over the restore's run, so some arrive while it is half-way
      ...Array.from({ length: 20 }, (_, i) =>
        pause(i * 5).then(() =>
          seller.client.from('storage_items').insert({
            item_name: `Racing ${i}`,
            quantity: 1,
            shelf_id: s.shelfIds[i % 2],
            unit_id: s.unitIds[0],
          }),
        ),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        seller.client.rpc('move_items', {
          p_item_ids: [s.itemIds[i % 5]!],
          p_shelf_id: s.shelfIds[i % 2]!,
        }),
      ),
    ]);
    expectNoServerErrors(results);
    expect(results.filter((r) => r.error)).toEqual([]);
    const { rows } = await db().query<{ n: number }>(
      'select count(*)::int as n from public.storage_items where account_id = $1',
      [seller.accountId],
    );
    // the snapshot's 400 items, plus the inserts that came after the restore
    expect(rows[0]!.n).toBeGreaterThanOrEqual(400);
    expect(rows[0]!.n).toBeLessThanOrEqual(420);
  });

  it('rooms: add_room beside direct inserts never share a number and stop at the limit', async () => {
    const seller = await createDbUser({ plan: 'elite', prefix: 'conc-room' }); // 10 rooms
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        seller.client.rpc('add_room', { p_room_name: `Added ${i}` }),
      ),
      ...Array.from({ length: 20 }, (_, i) =>
        seller.client.from('storage_rooms').insert({ room_name: `Direct ${i}` }),
      ),
    ]);
    expectNoServerErrors(results);
    const refused = results.filter((r) => r.error);
    expect(refused.length).toBe(30);
    for (const r of refused) expect(r.error!.message).toContain('PLAN_LIMIT_REACHED');
    expect(
      await numbers(
        'select room_index as n from public.storage_rooms where account_id = $1 order by 1',
        seller.accountId,
      ),
    ).toEqual(range(1, 10));
  });

  it('isles: add_isle beside direct inserts get distinct numbers', async () => {
    const seller = await createDbUser({ plan: 'elite', prefix: 'conc-isle' });
    const s = await createStorage(seller.accountId, { units: 1 });
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => seller.client.rpc('add_isle', { p_room_id: s.roomId })),
      ...Array.from({ length: 20 }, () =>
        seller.client.from('storage_isles').insert({ room_id: s.roomId }),
      ),
    ]);
    expectNoServerErrors(results);
    expect(results.filter((r) => r.error)).toEqual([]);
    expect(
      await numbers(
        'select isle_index as n from public.storage_isles where account_id = $1 order by 1',
        seller.accountId,
      ),
    ).toEqual(range(1, 41));
  });

  it('units: add_unit beside direct inserts get distinct letters and stop at the limit', async () => {
    const seller = await createDbUser({ plan: 'free', prefix: 'conc-unit' }); // 3 units
    const s = await createStorage(seller.accountId, { units: 1 });
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => seller.client.rpc('add_unit', { p_isle_id: s.isleId })),
      ...Array.from({ length: 20 }, () =>
        seller.client.from('storage_units').insert({ isle_id: s.isleId }),
      ),
    ]);
    expectNoServerErrors(results);
    const refused = results.filter((r) => r.error);
    expect(refused.length).toBe(38);
    for (const r of refused) expect(r.error!.message).toContain('PLAN_LIMIT_REACHED');
    const { rows } = await db().query<{ unit_name: string }>(
      'select unit_name from public.storage_units where account_id = $1 order by unit_name',
      [seller.accountId],
    );
    expect(rows.map((r) => r.unit_name)).toEqual(['A', 'B', 'C']);
  });

  it('shelves: add_shelf beside direct inserts take the lowest unused numbers, once each', async () => {
    const seller = await createDbUser({ plan: 'elite', prefix: 'conc-shelf' });
    const s = await createStorage(seller.accountId, { units: 1, shelves: 1 });
    const results = await times(40, (i) =>
      i % 2 === 0
        ? seller.client.rpc('add_shelf', { p_unit_id: s.unitIds[0]! })
        : seller.client.from('storage_shelves').insert({ unit_id: s.unitIds[0] }),
    );
    expectNoServerErrors(results);
    expect(results.filter((r) => r.error)).toEqual([]);
    expect(
      await numbers(
        'select shelf_index as n from public.storage_shelves where account_id = $1 order by 1',
        seller.accountId,
      ),
    ).toEqual(range(1, 41));
  });
});
