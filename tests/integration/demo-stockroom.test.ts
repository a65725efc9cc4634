/**
 * The demo seller's stockroom (`npm start`): believable, consistent with every rule the database
 * holds, and usable at once (room, isle, unit and shelf numbering, items on their unit's shelves,
 * some stock near or past its expiry).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStockroom, demoItems, DEMO_PLAN } from '../../local/demo-stockroom.ts';
import { isValidEan13 } from '../../src/domain/barcodes.ts';
import type { Database } from '../../src/lib/database.types.ts';
import { closeDb, createDbUser, db, enforcedPlan, type DbUser } from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';

let seller: DbUser;

beforeAll(async () => {
  seller = await createDbUser({ prefix: 'demo' });
  await seedDemoStockroom(stack().dbUrl, seller.accountId);
});

afterAll(closeDb);

describe('the demo stockroom', () => {
  it('puts the seller on a plan with room for it and fills two rooms', async () => {
    expect(await enforcedPlan(seller.accountId)).toBe(DEMO_PLAN);
    const { data, error } = await (seller.client as unknown as SupabaseClient<Database>)
      .from('storage_rooms')
      .select(
        'room_name, room_index, storage_isles(isle_index, storage_units(unit_name, unit_type, storage_shelves(shelf_index)))',
      )
      .order('room_index');
    expect(error).toBeNull();
    expect(data?.map((room) => room.room_name)).toEqual(['Garage', 'Spare Room']);
    for (const room of data ?? []) {
      const isles = room.storage_isles.map((isle) => isle.isle_index).sort();
      expect(isles).toEqual(isles.map((_, i) => i + 1));
      for (const isle of room.storage_isles) {
        expect(isle.storage_units.map((u) => u.unit_name).sort()).toEqual(
          ['A', 'B', 'C'].slice(0, isle.storage_units.length),
        );
        for (const unit of isle.storage_units) {
          const shelves = unit.storage_shelves.map((s) => s.shelf_index).sort((a, b) => a - b);
          expect(shelves).toEqual(shelves.map((_, i) => i + 1));
        }
      }
    }
  });

  it('holds a few hundred items, each on a shelf of its own unit, with valid unique barcodes', async () => {
    const { rows } = await db().query<{
      item_name: string;
      barcode: string;
      sku: string;
      on_own_unit: boolean;
    }>(
      `select i.item_name, i.barcode, i.sku, s.unit_id = i.unit_id as on_own_unit
         from public.storage_items i join public.storage_shelves s using (shelf_id)
        where i.account_id = $1`,
      [seller.accountId],
    );
    expect(rows.length).toBe(demoItems().items.length);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.every((row) => row.on_own_unit)).toBe(true);
    expect(rows.every((row) => isValidEan13(row.barcode))).toBe(true);
    expect(new Set(rows.map((row) => row.barcode)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.sku)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.item_name)).size).toBeGreaterThan(100);
  });

  it('has stock expiring within the reminder window and some already expired', async () => {
    const { rows } = await db().query<{ soon: number; past: number }>(
      `select count(*) filter (where expiry_date between current_date and current_date + 30)::int as soon,
              count(*) filter (where expiry_date < current_date)::int as past
         from public.storage_items where account_id = $1`,
      [seller.accountId],
    );
    expect(rows[0]!.soon).toBeGreaterThan(0);
    expect(rows[0]!.past).toBeGreaterThan(0);
  });

  it('writes no activity the seller did not make, and leaves the plan room to add more', async () => {
    const { rows } = await db().query<{ n: number }>(
      'select count(*)::int as n from public.storage_logs where account_id = $1',
      [seller.accountId],
    );
    expect(rows[0]!.n).toBe(0);
    const { data: shelf } = await seller.client
      .from('storage_shelves')
      .select('shelf_id')
      .limit(1)
      .single();
    const added = await seller.client.rpc('add_item', {
      p_shelf_id: shelf!.shelf_id,
      p_item_name: 'One more',
      p_quantity: 1,
    });
    expect(added.error).toBeNull();
  });
});
