/**
 * Issue 21, "bounded storage": every text and JSON column a seller can write has a limit that fits
 * its use, rows are capped per seller where no plan limit does it, staged imports nobody commits
 * are cleaned up, and a refused write says what the limit is. The last test fills a Free account
 * to every limit and reports how many bytes it holds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, createDbUser, createStorage, db, serviceDbClient } from '../helpers/db-users.ts';

afterAll(async () => {
  await closeDb();
});

const long = (n: number, c = 'x') => c.repeat(n);

async function rowCount(table: string, accountId: string): Promise<number> {
  const { rows } = await db().query<{ n: number }>(
    `select count(*)::int as n from public.${table} where account_id = $1`,
    [accountId],
  );
  return rows[0]!.n;
}

describe('column limits', () => {
  it('refuses oversized item, unit and preference values with the limit in the message', async () => {
    const seller = await createDbUser({ plan: 'free', prefix: 'bound' });
    const s = await createStorage(seller.accountId, { units: 1, shelves: 1 });
    const base = { item_name: 'Box', quantity: 1, shelf_id: s.shelfIds[0], unit_id: s.unitIds[0] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, sku: long(101) }, 'SKU: at most 100 characters'],
      [{ ...base, barcode: long(201) }, 'Barcode: at most 200 characters'],
      [{ ...base, item_name: long(501) }, 'Item name: 1 to 500 characters'],
    ];
    for (const [row, message] of cases) {
      const { error } = await seller.client.from('storage_items').insert(row);
      expect(error?.message).toContain(message);
    }
    expect(await rowCount('storage_items', seller.accountId)).toBe(0);

    const unit = await seller.client
      .from('storage_units')
      .update({ position3D: { x: 0, y: 0, z: 0, pad: long(2000) } })
      .eq('unit_id', s.unitIds[0]!);
    expect(unit.error?.message).toContain('position3D: an object of at most 1000 bytes');

    const prefs: [Record<string, unknown>, string][] = [
      [
        {
          storage_colors: {
            colors: { box: long(5000) },
            currentScheme: 'custom',
            customColors: {},
          },
        },
        'Storage colours: at most 4000 bytes',
      ],
      [
        {
          expiry_notifications: Array.from({ length: 21 }, (_, i) => ({ days: i, enabled: true })),
        },
        'Expiry notifications: at most 20',
      ],
      [{ date_format: long(21) }, 'Date format: at most 20 characters'],
      [{ ebay_country: 'GBR' }, 'Marketplace country: a two-letter code'],
    ];
    for (const [change, message] of prefs) {
      const { error } = await seller.client
        .from('user_preferences')
        .update(change)
        .eq('account_id', seller.accountId);
      expect(error?.message).toContain(message);
    }
    const { rows } = await db().query(
      'select date_format, ebay_country from public.user_preferences where account_id = $1',
      [seller.accountId],
    );
    expect(rows).toEqual([{ date_format: 'US', ebay_country: 'GB' }]);
  });
});

describe('row caps', () => {
  it('caps isles, shelves and dismissals by the plan, whole statements at a time', async () => {
    const seller = await createDbUser({ plan: 'free', prefix: 'cap' });
    const s = await createStorage(seller.accountId, { units: 3, shelves: 1 });
    // Free: 3 units, so at most 4 isles (one more than units, for add_isle's own message)
    const isles = await seller.client
      .from('storage_isles')
      .insert([2, 3, 4, 5].map((n) => ({ room_id: s.roomId, isle_index: n })));
    expect(isles.error?.message).toBe(
      'LIMIT_REACHED: You can keep at most 4 isles on the free plan',
    );
    expect(await rowCount('storage_isles', seller.accountId)).toBe(1);

    // 50 shelves per unit the plan allows: 150 on Free
    const shelves = await seller.client.from('storage_shelves').insert(
      s.unitIds.flatMap((unitId, u) =>
        Array.from({ length: u === 0 ? 50 : 50 }, (_, i) => ({
          unit_id: unitId,
          shelf_index: i + (u === 0 ? 2 : 1),
        })),
      ),
    );
    expect(shelves.error?.message).toBe(
      'LIMIT_REACHED: You can keep at most 150 shelves on the free plan',
    );
    expect(await rowCount('storage_shelves', seller.accountId)).toBe(1);

    const dismissals = await seller.client
      .from('dismissed_notifications')
      .insert(Array.from({ length: 401 }, (_, i) => ({ notification_id: `n-${i}` })));
    expect(dismissals.error?.message).toBe(
      'LIMIT_REACHED: You can keep at most 400 dismissed notifications on the free plan',
    );
    expect(await rowCount('dismissed_notifications', seller.accountId)).toBe(0);
  });

  it('caps staged imports and cleans up those never committed', async () => {
    const seller = await createDbUser({ plan: 'free', prefix: 'stage' });
    const rows = Array.from({ length: 50 }, (_, i) => ({ item_name: `Row ${i}`, quantity: 1 }));
    const big = await seller.client.from('import_batches').insert({
      import_id: crypto.randomUUID(),
      batch_no: 0,
      rows: rows.map((r) => ({ ...r, note: long(3000) })),
    });
    expect(big.error?.message).toContain('Import batch: at most 128 KB');

    const importId = crypto.randomUUID();
    for (let b = 0; b < 4; b += 1) {
      expect(
        (
          await seller.client
            .from('import_batches')
            .insert({ import_id: importId, batch_no: b, rows })
        ).error,
      ).toBeNull();
    }
    const fifth = await seller.client
      .from('import_batches')
      .insert({ import_id: importId, batch_no: 4, rows });
    expect(fifth.error?.message).toBe(
      'LIMIT_REACHED: You can keep at most 4 staged import batches on the free plan',
    );
    expect(await rowCount('import_batches', seller.accountId)).toBe(4);

    // an upload abandoned over an hour ago goes when the seller starts another one
    await db().query(
      `update public.import_batches set created_at = now() - interval '2 hours' where account_id = $1`,
      [seller.accountId],
    );
    const next = await seller.client
      .from('import_batches')
      .insert({ import_id: crypto.randomUUID(), batch_no: 0, rows });
    expect(next.error).toBeNull();
    expect(await rowCount('import_batches', seller.accountId)).toBe(1);
    // and the daily job sweeps what is older than a day, for everyone
    await db().query(
      `update public.import_batches set created_at = now() - interval '2 days' where account_id = $1`,
      [seller.accountId],
    );
    expect((await serviceDbClient().rpc('create_daily_backups')).error).toBeNull();
    expect(await rowCount('import_batches', seller.accountId)).toBe(0);
  });

  it('keeps the newest 1000 log lines and cuts long details', async () => {
    const seller = await createDbUser({ plan: 'free', prefix: 'logcap' });
    await db().query(
      `select private.log($1, 'add_item', 'line ' || g) from generate_series(1, 1005) g`,
      [seller.accountId],
    );
    await db().query(`select private.log($1, 'add_item', repeat('y', 5000))`, [seller.accountId]);
    const { rows } = await db().query<{ n: number; longest: number }>(
      'select count(*)::int as n, max(length(details))::int as longest from public.storage_logs where account_id = $1',
      [seller.accountId],
    );
    expect(rows[0]!.longest).toBe(1000);
    expect(rows[0]!.n).toBe(1000);
  });
});

describe('the most one Free seller can store', () => {
  it('is bounded: every table filled to its limits', async () => {
    const seller = await createDbUser({ plan: 'free', prefix: 'maxfree' });
    const c = seller.client;
    const s = await createStorage(seller.accountId, { units: 3, shelves: 1 });
    const ok = (r: { error: unknown }) => expect(r.error).toBeNull();

    // storage: 100 items of the longest values, 150 shelves, 4 isles, units with the largest position3D
    ok(
      await c.from('storage_items').insert(
        Array.from({ length: 100 }, (_, i) => ({
          item_name: long(499) + (i % 10),
          quantity: 2147483647,
          shelf_id: s.shelfIds[0],
          barcode: long(200, 'b'),
          sku: long(100, 's'),
          price_paid: 9999999999.99,
          expiry_date: '2199-12-31',
        })),
      ),
    );
    ok(
      await c
        .from('storage_isles')
        .insert([2, 3, 4].map((n) => ({ room_id: s.roomId, isle_index: n }))),
    );
    ok(
      await c.from('storage_shelves').insert(
        s.unitIds.flatMap((unitId, u) =>
          Array.from({ length: u === 0 ? 49 : 50 }, (_, i) => ({
            unit_id: unitId,
            shelf_index: i + (u === 0 ? 2 : 1),
          })),
        ),
      ),
    );
    for (const unitId of s.unitIds) {
      ok(
        await c
          .from('storage_units')
          .update({ position3D: { pad: long(980) } })
          .eq('unit_id', unitId),
      );
    }
    ok(
      await c
        .from('user_preferences')
        .update({
          storage_colors: { pad: long(3980) },
          expiry_notifications: Array.from({ length: 20 }, (_, i) => ({
            days: i,
            enabled: true,
            pad: long(40),
          })),
          date_format: long(20),
        })
        .eq('account_id', seller.accountId),
    );
    for (let k = 0; k < 4; k += 1) {
      ok(
        await c
          .from('dismissed_notifications')
          .insert(
            Array.from({ length: 100 }, (_, i) => ({ notification_id: `${k}-${i}-${long(190)}` })),
          ),
      );
    }
    const importId = crypto.randomUUID();
    for (let b = 0; b < 4; b += 1) {
      const rows = Array.from({ length: 50 }, () => ({ item_name: long(2500) }));
      ok(await c.from('import_batches').insert({ import_id: importId, batch_no: b, rows }));
    }
    ok(
      await c.rpc('save_ebay_tokens', { p_access_token: long(8192), p_refresh_token: long(8192) }),
    );
    for (let b = 0; b < 25; b += 1) ok(await c.rpc('create_backup'));
    // what the server writes for the seller: the log, marketplace caches
    await db().query(
      `select private.log($1, 'add_item', repeat('l', 1000)) from generate_series(1, 1000)`,
      [seller.accountId],
    );
    await db().query(
      `insert into public.ebay_inventory (account_id, inventory, total_items)
       select $1, jsonb_agg(jsonb_build_object('sku', md5(g::text), 'pad', repeat('i', 1900))), 1000
         from generate_series(1, 1000) g`,
      [seller.accountId],
    );
    await db().query(
      `insert into public.ebay_processed_listings (account_id, listing_id, title, image_url, sku)
       select $1, 'L' || g, repeat('t', 500), repeat('u', 2000), repeat('s', 100) from generate_series(1, 100) g`,
      [seller.accountId],
    );

    const { rows } = await db().query<{ table: string; bytes: string }>(
      `select t.table, t.bytes::text from (
         select 'storage_items' as table, (select sum(pg_column_size(x.*)) from public.storage_items x where account_id = $1) as bytes
         union all select 'storage_rooms', (select sum(pg_column_size(x.*)) from public.storage_rooms x where account_id = $1)
         union all select 'storage_isles', (select sum(pg_column_size(x.*)) from public.storage_isles x where account_id = $1)
         union all select 'storage_units', (select sum(pg_column_size(x.*)) from public.storage_units x where account_id = $1)
         union all select 'storage_shelves', (select sum(pg_column_size(x.*)) from public.storage_shelves x where account_id = $1)
         union all select 'storage_logs', (select sum(pg_column_size(x.*)) from public.storage_logs x where account_id = $1)
         union all select 'user_preferences', (select sum(pg_column_size(x.*)) from public.user_preferences x where account_id = $1)
         union all select 'dismissed_notifications', (select sum(pg_column_size(x.*)) from public.dismissed_notifications x where account_id = $1)
         union all select 'import_batches', (select sum(pg_column_size(x.*)) from public.import_batches x where account_id = $1)
         union all select 'backups', (select sum(pg_column_size(x.*)) from public.backups x where account_id = $1)
         union all select 'ebay_tokens', (select sum(pg_column_size(x.*)) from public.ebay_tokens x where account_id = $1)
         union all select 'ebay_inventory', (select sum(pg_column_size(x.*)) from public.ebay_inventory x where account_id = $1)
         union all select 'ebay_processed_listings', (select sum(pg_column_size(x.*)) from public.ebay_processed_listings x where account_id = $1)
       ) t`,
      [seller.accountId],
    );
    const byTable = Object.fromEntries(rows.map((r) => [r.table, Number(r.bytes ?? 0)]));
    const total = Object.values(byTable).reduce((a, b) => a + b, 0);
    console.log(`Largest Free seller: ${(total / 1e6).toFixed(2)} MB of rows`, byTable);
    expect(await rowCount('backups', seller.accountId)).toBe(20);
    // the rows as stored (TOAST-compressed where Postgres compresses), indexes not counted
    expect(total).toBeLessThan(12_000_000);
  });
});
