/**
 * Export through the app's own code against a real stack: the items CSV (every page of 1000,
 * locations by name, formula cells neutralised) imports into an empty account with the same
 * layout and reproduces the items; exporting that account gives the same file again. And the
 * full JSON export. Only the client instance is swapped in for the browser's.
 */
import Papa from 'papaparse';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { closeDb, createDbUserPair, db, type DbUser } from '../helpers/db-users.ts';
import { accountIdOf, userIdOf } from '../../src/domain/ids.ts';

/** A seller made here acts on their own account, whose id is theirs. */
const ownAccount = (user: { accountId: string }) => accountIdOf(user.accountId);

const current = vi.hoisted(() => ({ client: null as unknown }));
vi.mock('../../src/lib/supabase', () => ({
  get supabase() {
    return current.client;
  },
}));

const { exportItemsFile, exportAllData } =
  await import('../../src/data/import-export/export-data.ts');
const { importItems } = await import('../../src/data/import-export/import-items.ts');
const { parseImportText } = await import('../../src/features/import-export/read-import-file.ts');
const { buildImportPreview, canCommit } =
  await import('../../src/features/import-export/import-preview.ts');
const { getStorageTree } = await import('../../src/data/storage/get-storage-tree.ts');

function signIn(user: DbUser): void {
  current.client = user.client as SupabaseClient;
}

/** Garage and Loft › isles 1-2 › units A, B › shelves 1-3 each (superuser insert). */
async function layout(accountId: string): Promise<void> {
  await db().query(
    `with rooms as (
       insert into public.storage_rooms (account_id, room_name, room_index)
       values ($1, 'Garage', 1), ($1, 'Loft, upstairs', 2) returning room_id
     ), isles as (
       insert into public.storage_isles (account_id, room_id, isle_index)
       select $1, room_id, g from rooms, generate_series(1, 2) g returning isle_id
     ), units as (
       insert into public.storage_units (account_id, isle_id, unit_name, unit_index)
       select $1, isle_id, chr(64 + g), g from isles, generate_series(1, 2) g returning unit_id
     )
     insert into public.storage_shelves (account_id, unit_id, shelf_index)
     select $1, unit_id, g from units, generate_series(1, 3) g`,
    [accountId],
  );
}

// Names a spreadsheet or a naive CSV writer would get wrong.
const TRICKY = [
  ["=cmd|' /C calc'!A0", '@SUM(1+1)', '+44 7700 900000', '-5 widgets'],
  ['Mug, blue', 'Say "hello"', 'Two\nlines', "'already quoted"],
  ['Café ☕ crème', '  padded  '.trim(), 'Tab\tinside', '\u00e9t\u00e9'],
].flat();

/** 1200 plain items (two pages of 1000) plus the tricky ones, spread over every shelf. */
async function stock(accountId: string): Promise<void> {
  await db().query(
    `with shelves as (
       select s.shelf_id, s.unit_id, row_number() over (order by r.room_index, i.isle_index, u.unit_index, s.shelf_index) - 1 as k
         from public.storage_shelves s
         join public.storage_units u using (unit_id)
         join public.storage_isles i using (isle_id)
         join public.storage_rooms r using (room_id)
        where s.account_id = $1
     ), wanted as (
       select g::bigint as g, 'Item ' || g as name from generate_series(1, 1200) g
       union all
       select 1200 + ord, name from unnest($2::text[]) with ordinality as t(name, ord)
     )
     insert into public.storage_items
       (account_id, item_name, quantity, shelf_id, unit_id, barcode, sku, price_paid, expiry_date, reorder_level,
        created_at)
     select $1, w.name, (w.g % 9) + 1, s.shelf_id, s.unit_id,
            case when w.g % 3 = 0 then lpad(w.g::text, 13, '0') end,
            case when w.g % 4 = 0 then '-SKU-' || w.g end,
            case when w.g % 5 = 0 then (w.g % 100) + 0.99 when w.g % 5 = 1 then 0 end,
            case when w.g % 6 = 0 then date '2026-01-01' + w.g::int end,
            case when w.g % 7 = 0 then w.g % 11 end, -- some 0, most none (issue #39)
            now() + w.g * interval '1 millisecond'
       from wanted w join shelves s on s.k = w.g % (select count(*) from shelves)`,
    [accountId, TRICKY],
  );
}

async function itemsWithPlaces(accountId: string) {
  const { rows } = await db().query(
    `select it.item_name, it.quantity, it.barcode, it.sku, it.price_paid::text, it.expiry_date::text,
            it.reorder_level, r.room_name, i.isle_index, u.unit_name, s.shelf_index
       from public.storage_items it
       join public.storage_shelves s using (shelf_id)
       join public.storage_units u on u.unit_id = it.unit_id
       join public.storage_isles i using (isle_id)
       join public.storage_rooms r using (room_id)
      where it.account_id = $1
      order by it.created_at`,
    [accountId],
  );
  return rows;
}

afterAll(async () => {
  await closeDb();
});

describe('export → import round trip', () => {
  it('reproduces every item in an empty account of the same layout, and re-exports the same file', async () => {
    const [source, target] = await createDbUserPair({ plan: 'elite', prefix: 'trip' });
    await layout(source.accountId);
    await layout(target.accountId);
    await stock(source.accountId);

    signIn(source);
    const exported = await exportItemsFile(ownAccount(source));
    expect(exported.count).toBe(1200 + TRICKY.length);

    // No cell a spreadsheet would run: every one starting with = + - @ carries the text marker.
    const cells = Papa.parse<string[]>(exported.csv, {
      delimiter: ',',
      skipEmptyLines: true,
    }).data.flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(cells).toContain("'=cmd|' /C calc'!A0");
    expect(cells).toContain("''already quoted");

    signIn(target);
    const preview = buildImportPreview({
      fileName: 'export.csv',
      parsed: parseImportText(exported.csv),
      rooms: await getStorageTree(),
      planId: 'elite',
      currentItemCount: 0,
      dateFormat: 'UK', // exported dates are ISO, read the same whatever the seller's format
    });
    expect(preview.fileProblems).toEqual([]);
    expect(preview.errors).toEqual([]);
    expect(canCommit(preview)).toBe(true);
    await importItems(preview.items);

    expect(await itemsWithPlaces(target.accountId)).toEqual(
      await itemsWithPlaces(source.accountId),
    );
    // the reorder levels came back too, 0 included
    const levels = (await itemsWithPlaces(target.accountId)).map((row) => row.reorder_level);
    expect(levels.filter((level) => level !== null).length).toBeGreaterThan(100);
    expect(levels).toContain(0);
    const again = await exportItemsFile(ownAccount(target));
    expect(again.csv).toBe(exported.csv);
  }, 60_000);
});

describe('full JSON export', () => {
  it("holds the seller's storage tree, items, preferences, plan and log, and no one else's", async () => {
    const [seller, other] = await createDbUserPair({ plan: 'elite', prefix: 'json' });
    await layout(seller.accountId);
    await layout(other.accountId);
    await stock(seller.accountId);
    await db().query(
      `insert into public.storage_logs (account_id, action, details) values ($1, 'add_item', 'Added 1 x Mug')`,
      [seller.accountId],
    );
    await db().query(
      `insert into public.ebay_processed_listings (account_id, listing_id, title, display)
       values ($1, '1234', 'Vintage lamp', false), ($2, '999', 'Not mine', true)`,
      [seller.accountId, other.accountId],
    );
    await db().query(
      `insert into public.dismissed_notifications (account_id, notification_id) values ($1, 'expiry-x-30')`,
      [seller.accountId],
    );

    signIn(seller);
    const data = await exportAllData(ownAccount(seller), {
      id: userIdOf(seller.id),
      email: seller.email,
    });
    expect(data.version).toBe(2);
    // The account's id differs from its owner's since accounts have ids of their own.
    expect(data.account).toEqual({ id: seller.accountId });
    expect(seller.accountId).not.toBe(seller.id);
    expect(data.exported_by).toEqual({ id: seller.id, email: seller.email });
    expect(data.subscription?.plan_id).toBe('elite');
    expect(data.preferences?.currency).toBe('USD');
    expect(data.rooms.map((room) => room.room_name)).toEqual(['Garage', 'Loft, upstairs']);
    const shelves = data.rooms.flatMap((room) =>
      room.isles.flatMap((isle) => isle.units.flatMap((unit) => unit.shelves)),
    );
    expect(shelves).toHaveLength(24);
    expect(data.items).toHaveLength(1200 + TRICKY.length);
    expect(new Set(data.items.map((item) => item.item_name))).toContain('Two\nlines');
    expect(data.logs.map((log) => log.details)).toEqual(['Added 1 x Mug']);
    expect(data.marketplace_listings.map((listing) => [listing.title, listing.display])).toEqual([
      ['Vintage lamp', false],
    ]);
    expect(data.dismissed_notifications.map((dismissal) => dismissal.notification_id)).toEqual([
      'expiry-x-30',
    ]);
    expect(JSON.stringify(data)).not.toContain(other.id);
    expect(JSON.stringify(data)).not.toContain(other.accountId);
    expect(JSON.stringify(data)).not.toMatch(/access_token|refresh_token/);
  }, 60_000);
});
