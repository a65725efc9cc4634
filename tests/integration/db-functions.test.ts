/**
 * The SQL functions behind multi-row storage rules, called through PostgREST (supabase.rpc) as a
 * signed-in user: numbering, cascades, validation, all-or-nothing imports, and the log line each
 * one writes. Fixtures are built with one SQL statement each (tests/helpers/db-users.ts).
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PLAN_LIMIT_REACHED, importLimitMessage } from '../../src/domain/plans.ts';
import {
  anonDbClient,
  closeDb,
  createDbUser,
  createDbUserPair,
  createStorage,
  db,
  serviceDbClient,
  setPlan,
  type DbUser,
} from '../helpers/db-users.ts';

let user: DbUser;
let other: DbUser;

beforeEach(async () => {
  // fresh users per test, elite so that fixtures of several rooms fit; limits have their own tests
  [user, other] = await createDbUserPair({ plan: 'elite', prefix: 'fn' });
});

afterAll(async () => {
  await closeDb();
});

async function logs(
  accountId: string,
  action: string,
): Promise<{ details: string; user_email: string }[]> {
  const { rows } = await db().query(
    `select details, user_email from public.storage_logs where account_id = $1 and action = $2 order by "timestamp", log_id`,
    [accountId, action],
  );
  return rows;
}

async function shelvesOf(unitId: string): Promise<{ shelf_id: string; shelf_index: number }[]> {
  const { rows } = await db().query(
    'select shelf_id, shelf_index from public.storage_shelves where unit_id = $1 order by shelf_index',
    [unitId],
  );
  return rows;
}

async function islesOf(roomId: string): Promise<{ isle_id: string; isle_index: number }[]> {
  const { rows } = await db().query(
    'select isle_id, isle_index from public.storage_isles where room_id = $1 order by isle_index',
    [roomId],
  );
  return rows;
}

/** A room with `isles` isles, each with one unit (A) with one shelf. */
async function roomWithIsles(
  accountId: string,
  isles: number,
  roomName = 'Warehouse',
): Promise<{ roomId: string; isleIds: string[] }> {
  const { rows } = await db().query(
    `with room as (
       insert into public.storage_rooms (account_id, room_name) values ($1, $2) returning room_id
     ), isles as (
       insert into public.storage_isles (account_id, room_id, isle_index)
       select $1, room_id, g from room, generate_series(1, $3::int) g returning isle_id, isle_index
     ), units as (
       insert into public.storage_units (account_id, isle_id, unit_name, unit_index)
       select $1, isle_id, 'A', 1 from isles returning unit_id
     ), shelves as (
       insert into public.storage_shelves (account_id, unit_id, shelf_index) select $1, unit_id, 1 from units returning 1
     )
     select (select room_id from room) as room_id,
            (select json_agg(isle_id order by isle_index) from isles) as isle_ids,
            (select count(*) from shelves) as n`,
    [accountId, roomName, isles],
  );
  return { roomId: rows[0].room_id, isleIds: rows[0].isle_ids };
}

describe('new accounts', () => {
  it('get a free profile, default preferences and a free subscription', async () => {
    const fresh = await createDbUser({ prefix: 'new' });
    const profile = await fresh.client.from('profiles').select('id, email').single();
    expect(profile.data).toEqual({ id: fresh.id, email: fresh.email });
    // their personal account: its own id (not the user's), them as primary owner, on free
    const account = await fresh.client
      .from('accounts')
      .select('id, primary_owner_user_id, personal_account, plan_id')
      .single();
    expect(account.data).toEqual({
      id: fresh.accountId,
      primary_owner_user_id: fresh.id,
      personal_account: true,
      plan_id: 'free',
    });
    expect(fresh.accountId).not.toBe(fresh.id);
    const members = await fresh.client.from('account_members').select('account_id, user_id, role');
    expect(members.data).toEqual([
      { account_id: fresh.accountId, user_id: fresh.id, role: 'owner' },
    ]);
    const sub = await fresh.client
      .from('subscriptions')
      .select('account_id, plan_id, status')
      .single();
    expect(sub.data).toEqual({ account_id: fresh.accountId, plan_id: 'free', status: 'active' });
    const prefs = await fresh.client
      .from('user_preferences')
      .select(
        'currency, date_format, expiry_notifications, barcode_batch, barcode_lookup, storage_colors, ebay_listings_date, drag_confirm, ebay_country, floor_size',
      )
      .single();
    expect(prefs.data).toEqual({
      currency: 'USD',
      date_format: 'US',
      expiry_notifications: [
        { days: 30, enabled: true },
        { days: 60, enabled: true },
        { days: 90, enabled: true },
      ],
      barcode_batch: false,
      barcode_lookup: true,
      storage_colors: { colors: {}, currentScheme: 'default', customColors: {} },
      ebay_listings_date: 5,
      drag_confirm: true,
      ebay_country: 'GB',
      floor_size: 20,
    });
  });

  it('keep updated_at current and created_at fixed', async () => {
    const storage = await createStorage(user.accountId, { roomName: 'Stamps', items: 1 });
    const itemId = storage.itemIds[0]!;
    const before = await user.client
      .from('storage_items')
      .select('created_at, updated_at')
      .eq('item_id', itemId)
      .single();
    await new Promise((r) => setTimeout(r, 20));
    const upd = await user.client
      .from('storage_items')
      .update({
        quantity: 5,
        updated_at: '2000-01-01T00:00:00Z',
        created_at: '2000-01-01T00:00:00Z',
      })
      .eq('item_id', itemId)
      .select('created_at, updated_at')
      .single();
    expect(upd.error).toBeNull();
    expect(new Date(upd.data!.updated_at).getTime()).toBeGreaterThan(
      new Date(before.data!.updated_at).getTime(),
    );
    // created_at can be corrected by the owner (imports, restores), but updated_at is always now
    expect(upd.data!.updated_at).not.toContain('2000-01-01');
  });
});

describe('numbering constraints', () => {
  it('lets one upsert swap isle numbers but refuses a number already in use', async () => {
    const { roomId, isleIds } = await roomWithIsles(user.accountId, 2, 'Swap');
    const rows = await user.client
      .from('storage_isles')
      .select('isle_id, room_id, isle_index')
      .eq('room_id', roomId);
    const swapped = rows.data!.map((i) => ({ ...i, isle_index: 3 - i.isle_index }));
    const swap = await user.client.from('storage_isles').upsert(swapped);
    expect(swap.error).toBeNull();
    expect(await islesOf(roomId)).toEqual([
      { isle_id: isleIds[1], isle_index: 1 },
      { isle_id: isleIds[0], isle_index: 2 },
    ]);
    const clash = await user.client
      .from('storage_isles')
      .update({ isle_index: 1 })
      .eq('isle_id', isleIds[0]!);
    expect(clash.error?.code).toBe('23505');
    expect(clash.error?.message).toContain('storage_isles_isle_index_key');
  });

  it('refuses two units with the same name in an isle, and names new units A, B, ...', async () => {
    const storage = await createStorage(user.accountId, { roomName: 'Names', units: 1 });
    const dup = await user.client
      .from('storage_units')
      .insert({ isle_id: storage.isleId, unit_name: 'a' });
    expect(dup.error?.code).toBe('23505');
    const auto = await user.client
      .from('storage_units')
      .insert({ isle_id: storage.isleId })
      .select('unit_name, unit_index, unit_type, naming_convention')
      .single();
    expect(auto.data).toEqual({
      unit_name: 'B',
      unit_index: 2,
      unit_type: 'box',
      naming_convention: 'alphabetical',
    });
  });
});

describe('add_shelf', () => {
  it('takes the lowest unused index and logs add_shelf', async () => {
    const storage = await createStorage(user.accountId, { roomName: 'Shelving', shelves: 4 });
    const unitId = storage.unitIds[0]!;
    await db().query('delete from public.storage_shelves where shelf_id = $1', [
      storage.shelfIds[1],
    ]); // leaves 1,3,4

    const gap = await user.client.rpc('add_shelf', { p_unit_id: unitId });
    expect(gap.error).toBeNull();
    expect(gap.data).toMatchObject({ unit_id: unitId, shelf_index: 2, account_id: user.accountId });
    const next = await user.client.rpc('add_shelf', { p_unit_id: unitId });
    expect(next.data).toMatchObject({ shelf_index: 5 });
    expect((await shelvesOf(unitId)).map((s) => s.shelf_index)).toEqual([1, 2, 3, 4, 5]);
    expect((await logs(user.accountId, 'add_shelf')).map((l) => l.details)).toEqual(
      expect.arrayContaining(['Added shelf 2 to unit A', 'Added shelf 5 to unit A']),
    );
  });

  it('never gives two concurrent calls the same index', async () => {
    const storage = await createStorage(user.accountId, { roomName: 'Race', shelves: 0 });
    const unitId = storage.unitIds[0]!;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => user.client.rpc('add_shelf', { p_unit_id: unitId })),
    );
    for (const r of results) expect(r.error).toBeNull();
    const indexes = results
      .map((r) => (r.data as { shelf_index: number }).shelf_index)
      .sort((a, b) => a - b);
    expect(indexes).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await shelvesOf(unitId)).map((s) => s.shelf_index)).toEqual(indexes);
  });

  it("refuses another user's unit", async () => {
    const theirs = await createStorage(other.accountId, { roomName: 'Theirs' });
    const { error } = await user.client.rpc('add_shelf', { p_unit_id: theirs.unitIds[0]! });
    expect(error?.message).toBe('Unit not found');
    expect(await shelvesOf(theirs.unitIds[0]!)).toHaveLength(1);
  });
});

describe('remove_shelf', () => {
  it('renumbers the remaining shelves 1..n in order after removing a middle one, with its items', async () => {
    const storage = await createStorage(user.accountId, {
      roomName: 'Middle',
      shelves: 4,
      items: 2,
    });
    const unitId = storage.unitIds[0]!;
    // put the items on shelf 2, the one we remove
    await db().query(
      'update public.storage_items set shelf_id = $1 where item_id = any($2::uuid[])',
      [storage.shelfIds[1], storage.itemIds],
    );
    const { data, error } = await user.client.rpc('remove_shelf', {
      p_shelf_id: storage.shelfIds[1]!,
    });
    expect(error).toBeNull();
    expect(
      (data as { shelf_id: string; shelf_index: number }[]).map((s) => [s.shelf_id, s.shelf_index]),
    ).toEqual([
      [storage.shelfIds[0], 1],
      [storage.shelfIds[2], 2],
      [storage.shelfIds[3], 3],
    ]);
    expect(await shelvesOf(unitId)).toEqual([
      { shelf_id: storage.shelfIds[0], shelf_index: 1 },
      { shelf_id: storage.shelfIds[2], shelf_index: 2 },
      { shelf_id: storage.shelfIds[3], shelf_index: 3 },
    ]);
    const { rows } = await db().query(
      'select count(*)::int as n from public.storage_items where item_id = any($1::uuid[])',
      [storage.itemIds],
    );
    expect(rows[0].n).toBe(0);
    expect((await logs(user.accountId, 'remove_shelf')).map((l) => l.details)).toContain(
      'Removed shelf 2 from unit A with 2 item(s)',
    );
    // and the next new shelf is 4
    const added = await user.client.rpc('add_shelf', { p_unit_id: unitId });
    expect(added.data).toMatchObject({ shelf_index: 4 });
  });

  it("refuses another user's shelf", async () => {
    const theirs = await createStorage(other.accountId, { roomName: 'Theirs too', shelves: 2 });
    const { error } = await user.client.rpc('remove_shelf', { p_shelf_id: theirs.shelfIds[0]! });
    expect(error?.message).toBe('Shelf not found');
    expect(await shelvesOf(theirs.unitIds[0]!)).toHaveLength(2);
  });
});

describe('remove_isle', () => {
  it("removes the isle with its contents and renumbers the room's isles from 1", async () => {
    const { roomId, isleIds } = await roomWithIsles(user.accountId, 4, 'Isles');
    const { data, error } = await user.client.rpc('remove_isle', { p_isle_id: isleIds[1]! });
    expect(error).toBeNull();
    expect(
      (data as { isle_id: string; isle_index: number }[]).map((i) => [i.isle_id, i.isle_index]),
    ).toEqual([
      [isleIds[0], 1],
      [isleIds[2], 2],
      [isleIds[3], 3],
    ]);
    expect(await islesOf(roomId)).toHaveLength(3);
    const { rows } = await db().query(
      'select count(*)::int as n from public.storage_units where isle_id = $1',
      [isleIds[1]],
    );
    expect(rows[0].n).toBe(0);
    expect((await logs(user.accountId, 'remove_isle')).map((l) => l.details)).toContain(
      'Removed isle 2 from room Isles with 1 unit(s) and 0 item(s)',
    );
  });

  it("refuses another user's isle", async () => {
    const { roomId, isleIds } = await roomWithIsles(other.accountId, 2, 'Their isles');
    const { error } = await user.client.rpc('remove_isle', { p_isle_id: isleIds[0]! });
    expect(error?.message).toBe('Isle not found');
    expect(await islesOf(roomId)).toHaveLength(2);
  });
});

describe('remove_unit', () => {
  it('removes the unit with its shelves and items but keeps an isle that still has units', async () => {
    const storage = await createStorage(user.accountId, {
      roomName: 'Units',
      units: 2,
      shelves: 3,
      items: 4,
    });
    const { data, error } = await user.client.rpc('remove_unit', {
      p_unit_id: storage.unitIds[0]!,
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      unit_id: storage.unitIds[0],
      isle_id: storage.isleId,
      isle_removed: false,
      shelves_removed: 3,
      items_removed: 4,
      change_id: expect.any(String), // undo_change takes it back
    });
    const { rows } = await db().query(
      `select (select count(*)::int from public.storage_shelves where unit_id = $1) as shelves,
              (select count(*)::int from public.storage_items where item_id = any($2::uuid[])) as items,
              (select count(*)::int from public.storage_isles where isle_id = $3) as isles`,
      [storage.unitIds[0], storage.itemIds, storage.isleId],
    );
    expect(rows[0]).toEqual({ shelves: 0, items: 0, isles: 1 });
  });

  it('removes the isle too when it was the last unit, and renumbers the remaining isles', async () => {
    const { roomId, isleIds } = await roomWithIsles(user.accountId, 3, 'Last unit');
    const { rows: units } = await db().query(
      'select unit_id from public.storage_units where isle_id = $1',
      [isleIds[0]],
    );
    const { data, error } = await user.client.rpc('remove_unit', { p_unit_id: units[0].unit_id });
    expect(error).toBeNull();
    expect(data).toMatchObject({ isle_removed: true, isle_id: isleIds[0] });
    expect(await islesOf(roomId)).toEqual([
      { isle_id: isleIds[1], isle_index: 1 },
      { isle_id: isleIds[2], isle_index: 2 },
    ]);
    const line = (await logs(user.accountId, 'remove_unit'))
      .map((l) => l.details)
      .find((d) => d.includes('Last unit'));
    expect(line).toBe(
      'Removed unit A (box) from Last unit / Isle 1 with 1 shelf(s) and 0 item(s); isle 1 was empty and was removed',
    );
  });

  it("refuses another user's unit", async () => {
    const theirs = await createStorage(other.accountId, { roomName: 'Not yours' });
    const { error } = await user.client.rpc('remove_unit', { p_unit_id: theirs.unitIds[0]! });
    expect(error?.message).toBe('Unit not found');
  });
});

describe('move_items', () => {
  it("moves items to one of the caller's shelves and logs move_item with their names", async () => {
    const from = await createStorage(user.accountId, { roomName: 'From', items: 2 });
    const to = await createStorage(user.accountId, { roomName: 'To', shelves: 2 });
    const { data, error } = await user.client.rpc('move_items', {
      p_item_ids: from.itemIds,
      p_shelf_id: to.shelfIds[1]!,
    });
    expect(error).toBeNull();
    for (const item of data as { shelf_id: string; unit_id: string }[]) {
      expect(item.shelf_id).toBe(to.shelfIds[1]);
      expect(item.unit_id).toBe(to.unitIds[0]);
    }
    expect((await logs(user.accountId, 'move_item')).map((l) => l.details)).toContain(
      'Moved 2 item(s) to To / Isle 1 / Unit A / Shelf 2: Item 2, Item 1',
    );
  });

  it('does nothing (and logs nothing) when dropped on the same shelf', async () => {
    const here = await createStorage(user.accountId, { roomName: 'Same', items: 1 });
    const before = (await logs(user.accountId, 'move_item')).length;
    const { error } = await user.client.rpc('move_items', {
      p_item_ids: here.itemIds,
      p_shelf_id: here.shelfIds[0]!,
    });
    expect(error).toBeNull();
    expect(await logs(user.accountId, 'move_item')).toHaveLength(before);
  });

  it('refuses another user\'s shelf with "Invalid location for item" and moves nothing', async () => {
    const mine = await createStorage(user.accountId, { roomName: 'Mine', items: 1 });
    const theirs = await createStorage(other.accountId, { roomName: 'Their shelf' });
    const { error } = await user.client.rpc('move_items', {
      p_item_ids: mine.itemIds,
      p_shelf_id: theirs.shelfIds[0]!,
    });
    expect(error?.message).toBe('Invalid location for item');
    const { rows } = await db().query(
      'select shelf_id from public.storage_items where item_id = $1',
      [mine.itemIds[0]],
    );
    expect(rows[0].shelf_id).toBe(mine.shelfIds[0]);
  });

  it('refuses with "Item not found" if any item is not the caller\'s, moving none', async () => {
    const mine = await createStorage(user.accountId, { roomName: 'Mine 2', items: 1 });
    const target = await createStorage(user.accountId, { roomName: 'Target' });
    const theirs = await createStorage(other.accountId, { roomName: 'Their item', items: 1 });
    const { error } = await user.client.rpc('move_items', {
      p_item_ids: [mine.itemIds[0]!, theirs.itemIds[0]!],
      p_shelf_id: target.shelfIds[0]!,
    });
    expect(error?.message).toBe('Item not found');
    const { rows } = await db().query(
      'select item_id, shelf_id from public.storage_items where item_id = any($1::uuid[]) order by account_id = $2',
      [[mine.itemIds[0], theirs.itemIds[0]], user.accountId],
    );
    expect(rows).toEqual([
      { item_id: theirs.itemIds[0], shelf_id: theirs.shelfIds[0] },
      { item_id: mine.itemIds[0], shelf_id: mine.shelfIds[0] },
    ]);
  });
});

describe('import_items', () => {
  it('imports rows by location names (case-insensitive) or shelf id and logs the names', async () => {
    const importer = await createDbUser({ prefix: 'import' });
    const storage = await createStorage(importer.accountId, {
      roomName: 'Garage',
      units: 1,
      shelves: 2,
    });
    const { data, error } = await importer.client.rpc('import_items', {
      p_rows: [
        {
          item_name: 'Lamp',
          quantity: 2,
          room: 'GARAGE',
          isle: 1,
          unit: 'a',
          shelf: 2,
          barcode: '123',
          price_paid: '9.50',
          expiry_date: '2030-01-31',
        },
        { item_name: ' Vase ', quantity: '1', shelf_id: storage.shelfIds[0] },
      ],
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ imported: 2 });
    const items = await importer.client
      .from('storage_items')
      .select('item_name, quantity, shelf_id, unit_id, barcode, price_paid, expiry_date')
      .order('created_at', { ascending: false });
    expect(items.data).toEqual([
      {
        item_name: 'Vase',
        quantity: 1,
        shelf_id: storage.shelfIds[0],
        unit_id: storage.unitIds[0],
        barcode: null,
        price_paid: null,
        expiry_date: null,
      },
      {
        item_name: 'Lamp',
        quantity: 2,
        shelf_id: storage.shelfIds[1],
        unit_id: storage.unitIds[0],
        barcode: '123',
        price_paid: 9.5,
        expiry_date: '2030-01-31',
      },
    ]);
    expect(await logs(importer.accountId, 'import_items')).toEqual([
      { details: 'Imported 2 item(s): Lamp, Vase', user_email: importer.email },
    ]);
  });

  it('changes nothing when one row is bad, and names every bad row', async () => {
    const importer = await createDbUser({ prefix: 'import' });
    await createStorage(importer.accountId, { roomName: 'Garage', units: 1, shelves: 1 });
    const good = { item_name: 'Fine', quantity: 1, room: 'Garage', isle: 1, unit: 'A', shelf: 1 };
    const { error } = await importer.client.rpc('import_items', {
      p_rows: [
        good,
        { ...good, item_name: '   ' },
        { ...good, quantity: -1 },
        { ...good, isle: -1 },
        { ...good, room: 'Attic' },
        { ...good, isle: 2 },
        { ...good, unit: 'Z' },
        { ...good, shelf: 3 },
        good,
      ],
    });
    expect(error?.message).toBe('Row 3: Missing item name (and 6 more)');
    expect(JSON.parse(error!.details)).toEqual([
      'Row 3: Missing item name',
      'Row 4: Invalid quantity',
      'Row 5: Invalid isle number',
      "Row 6: Room 'Attic' not found",
      "Row 7: Isle 2 not found in room 'Garage'",
      "Row 8: Unit 'Z' not found in isle 1",
      "Row 9: Shelf 3 not found in unit 'A'",
    ]);
    const { rows } = await db().query(
      'select count(*)::int as n from public.storage_items where account_id = $1',
      [importer.accountId],
    );
    expect(rows[0].n).toBe(0);
    expect(await logs(importer.accountId, 'import_items')).toEqual([]);
  });

  it("refuses a shelf id that is not the caller's", async () => {
    const importer = await createDbUser({ prefix: 'import' });
    const theirs = await createStorage(other.accountId, { roomName: 'Foreign' });
    const { error } = await importer.client.rpc('import_items', {
      p_rows: [{ item_name: 'x', quantity: 1, shelf_id: theirs.shelfIds[0] }],
    });
    expect(error?.message).toBe('Row 2: Invalid location for item');
  });

  it('rejects the whole import when it would exceed the plan, with the spec message', async () => {
    const importer = await createDbUser({ prefix: 'import' });
    const storage = await createStorage(importer.accountId, { items: 96 });
    const rows = Array.from({ length: 5 }, (_, i) => ({
      item_name: `New ${i}`,
      quantity: 1,
      shelf_id: storage.shelfIds[0],
    }));
    const { error } = await importer.client.rpc('import_items', { p_rows: rows });
    expect(error?.message).toBe(`${PLAN_LIMIT_REACHED}: ${importLimitMessage('free', 5)}`);
    expect(error?.message).toContain(
      'Adding 5 items would exceed your free plan limit of 100 items',
    );
    // How many more fit is the database's own count, said where the import screen shows it.
    expect(error?.hint).toBe('Your plan has room for 4 more items; this file adds 5.');
    expect(JSON.parse(error?.details ?? '{}')).toMatchObject({ room: 4, adding: 5, limit: 100 });
    const { rows: count } = await db().query(
      'select count(*)::int as n from public.storage_items where account_id = $1',
      [importer.accountId],
    );
    expect(count[0].n).toBe(96);
    const fits = await importer.client.rpc('import_items', { p_rows: rows.slice(0, 4) });
    expect(fits.error).toBeNull();
  });

  it('takes a reorder level per row, a whole number from 0, refusing anything else', async () => {
    const importer = await createDbUser({ prefix: 'import' });
    const storage = await createStorage(importer.accountId);
    const row = { item_name: 'Mug', quantity: 1, shelf_id: storage.shelfIds[0] };
    const bad = await importer.client.rpc('import_items', {
      p_rows: [{ ...row, reorder_level: '-1' }],
    });
    expect(bad.error?.message).toBe('Row 2: Invalid reorder level');
    const good = await importer.client.rpc('import_items', {
      p_rows: [
        { ...row, reorder_level: 4 },
        { ...row, item_name: 'Jug', reorder_level: '' },
      ],
    });
    expect(good.error).toBeNull();
    const { rows } = await db().query(
      'select item_name, reorder_level from public.storage_items where account_id = $1 order by item_name',
      [importer.accountId],
    );
    expect(rows).toEqual([
      { item_name: 'Jug', reorder_level: null },
      { item_name: 'Mug', reorder_level: 4 },
    ]);
  });

  it('lists item names in the log only for 20 rows or fewer', async () => {
    const importer = await createDbUser({ prefix: 'import' });
    const storage = await createStorage(importer.accountId, {});
    const row = (i: number) => ({ item_name: `N${i}`, quantity: 1, shelf_id: storage.shelfIds[0] });
    expect(
      (
        await importer.client.rpc('import_items', {
          p_rows: Array.from({ length: 20 }, (_, i) => row(i)),
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await importer.client.rpc('import_items', {
          p_rows: Array.from({ length: 21 }, (_, i) => row(i)),
        })
      ).error,
    ).toBeNull();
    const lines = (await logs(importer.accountId, 'import_items')).map((l) => l.details);
    expect(lines).toEqual([
      `Imported 20 item(s): ${Array.from({ length: 20 }, (_, i) => `N${i}`).join(', ')}`,
      'Imported 21 item(s)',
    ]);
  });
});

describe('remove_room', () => {
  it('removes the room with everything in it, renumbers rooms and activates the first other room', async () => {
    const owner = await createDbUser({ prefix: 'room', plan: 'growing' });
    const first = await createStorage(owner.accountId, {
      roomName: 'First',
      units: 2,
      shelves: 2,
      items: 3,
    });
    const second = await createStorage(owner.accountId, { roomName: 'Second' });
    await db().query(
      'update public.storage_rooms set active = (room_id = $2) where account_id = $1',
      [owner.accountId, first.roomId],
    );

    const { data, error } = await owner.client.rpc('remove_room', { p_room_id: first.roomId });
    expect(error).toBeNull();
    expect(data).toEqual({
      room_id: first.roomId,
      isles_removed: 1,
      units_removed: 2,
      items_removed: 3,
      active_room_id: second.roomId,
      change_id: expect.any(String), // undo_change takes it back
    });
    const rooms = await owner.client.from('storage_rooms').select('room_id, room_index, active');
    expect(rooms.data).toEqual([{ room_id: second.roomId, room_index: 1, active: true }]);
    const { rows } = await db().query(
      `select (select count(*)::int from public.storage_items where account_id = $1) as items,
              (select count(*)::int from public.storage_units where account_id = $1) as units,
              (select count(*)::int from public.storage_shelves where account_id = $1) as shelves`,
      [owner.accountId],
    );
    expect(rows[0]).toEqual({ items: 0, units: 1, shelves: 1 });
    expect((await logs(owner.accountId, 'remove_room')).map((l) => l.details)).toEqual([
      'Removed room First with 1 isle(s), 2 unit(s) and 3 item(s)',
    ]);
  });

  it("refuses another user's room", async () => {
    const theirs = await createStorage(other.accountId, { roomName: 'Keep out' });
    const { error } = await user.client.rpc('remove_room', { p_room_id: theirs.roomId });
    expect(error?.message).toBe('Room not found');
    const { rows } = await db().query('select 1 from public.storage_rooms where room_id = $1', [
      theirs.roomId,
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe('add_item, remove_items, update_room', () => {
  it('add one item to a shelf, logged with its location', async () => {
    const storage = await createStorage(user.accountId, { roomName: 'Adds' });
    const { data, error } = await user.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'Teapot',
      p_quantity: 3,
      p_barcode: '5012345678900',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      item_name: 'Teapot',
      quantity: 3,
      unit_id: storage.unitIds[0],
      barcode: '5012345678900',
    });
    expect((await logs(user.accountId, 'add_item')).map((l) => l.details)).toContain(
      'Added 3 x Teapot to Adds / Isle 1 / Unit A / Shelf 1',
    );
    const bad = await user.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'x',
      p_quantity: -1,
    });
    expect(bad.error?.message).toBe('Invalid quantity');
    // 0 is out of stock: the item keeps its place
    const none = await user.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'Sold out',
      p_quantity: 0,
    });
    expect(none.error).toBeNull();
    expect(none.data).toMatchObject({ item_name: 'Sold out', quantity: 0 });
  });

  it('remove items all or none', async () => {
    const mine = await createStorage(user.accountId, { roomName: 'Removals', items: 2 });
    const theirs = await createStorage(other.accountId, { roomName: 'Removals', items: 1 });
    const refused = await user.client.rpc('remove_items', {
      p_item_ids: [...mine.itemIds, theirs.itemIds[0]!],
    });
    expect(refused.error?.message).toBe('Item not found');
    const { rows } = await db().query(
      'select count(*)::int as n from public.storage_items where item_id = any($1::uuid[])',
      [[...mine.itemIds, ...theirs.itemIds]],
    );
    expect(rows[0].n).toBe(3);
    const done = await user.client.rpc('remove_items', { p_item_ids: mine.itemIds });
    expect(done.data).toBe(2);
    expect((await logs(user.accountId, 'remove_item')).map((l) => l.details)).toContain(
      'Removed 2 item(s): Item 2, Item 1',
    );
  });

  it('rename a room, logged as update_room', async () => {
    const storage = await createStorage(user.accountId, { roomName: 'Old name' });
    const { data, error } = await user.client.rpc('update_room', {
      p_room_id: storage.roomId,
      p_room_name: 'New name',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ room_id: storage.roomId, room_name: 'New name' });
    expect((await logs(user.accountId, 'update_room')).map((l) => l.details)).toContain(
      'Renamed room Old name to New name',
    );
  });
});

describe('backups', () => {
  it('restore is refused below Power Seller and puts everything back from Power Seller up', async () => {
    const owner = await createDbUser({ prefix: 'backup', plan: 'growing' });
    const storage = await createStorage(owner.accountId, {
      roomName: 'Backed up',
      units: 2,
      shelves: 2,
      items: 3,
    });
    const backup = await owner.client.rpc('create_backup');
    expect(backup.error).toBeNull();
    const backupId = (backup.data as { backup_id: string }).backup_id;
    expect(backup.data).toMatchObject({ account_id: owner.accountId, item_count: 3 });

    // lose some data
    await owner.client.rpc('remove_unit', { p_unit_id: storage.unitIds[0]! });

    const refused = await owner.client.rpc('restore_backup', { p_backup_id: backupId });
    expect(refused.error?.message).toBe(
      'PLAN_FEATURE_UNAVAILABLE: Restoring a backup requires the Power Seller plan or higher',
    );

    await setPlan(owner.accountId, 'power');
    const restored = await owner.client.rpc('restore_backup', { p_backup_id: backupId });
    expect(restored.error).toBeNull();
    expect(restored.data).toEqual({
      rooms: 1,
      isles: 1,
      units: 2,
      shelves: 2,
      items: 3,
      photos: 0,
      photos_skipped: 0,
    });
    const items = await owner.client
      .from('storage_items')
      .select('item_id, shelf_id')
      .order('created_at');
    expect(items.data!.map((i) => i.item_id)).toEqual(storage.itemIds);
  });

  it('cannot restore or back up another user', async () => {
    const owner = await createDbUser({ prefix: 'backup', plan: 'power' });
    await createStorage(owner.accountId, { roomName: 'Mine' });
    const backup = await owner.client.rpc('create_backup');
    const backupId = (backup.data as { backup_id: string }).backup_id;
    const thief = await createDbUser({ prefix: 'thief', plan: 'elite' });
    expect(
      (await thief.client.rpc('restore_backup', { p_backup_id: backupId })).error?.message,
    ).toBe('Backup not found');
    expect(
      (await thief.client.rpc('create_backup', { p_account_id: owner.accountId })).error,
    ).not.toBeNull();
  });
});

describe('rate limits and access to functions', () => {
  it('hit_rate_limit allows one request per interval, for the server only', async () => {
    const service = serviceDbClient();
    const first = await service.rpc('hit_rate_limit', {
      p_account_id: user.accountId,
      p_endpoint: 'listings',
      p_min_interval_seconds: 120,
    });
    expect(first.data).toEqual([
      expect.objectContaining({ allowed: true, retry_after_seconds: 0 }),
    ]);
    const second = await service.rpc('hit_rate_limit', {
      p_account_id: user.accountId,
      p_endpoint: 'listings',
      p_min_interval_seconds: 120,
    });
    const row = (second.data as { allowed: boolean; retry_after_seconds: number }[])[0]!;
    expect(row.allowed).toBe(false);
    expect(row.retry_after_seconds).toBeGreaterThan(100);
    expect(row.retry_after_seconds).toBeLessThanOrEqual(120);
    const mine = await user.client
      .from('api_rate_limits')
      .select('endpoint, request_count')
      .eq('endpoint', 'listings');
    expect(mine.data).toEqual([{ endpoint: 'listings', request_count: 1 }]);
    const browser = await user.client.rpc('hit_rate_limit', {
      p_account_id: user.accountId,
      p_endpoint: 'listings',
      p_min_interval_seconds: 0,
    });
    expect(browser.error).not.toBeNull();
  });

  it('anon can call none of the functions', async () => {
    const anon = anonDbClient();
    const storage = await createStorage(user.accountId, { roomName: 'Anon target' });
    const calls = [
      anon.rpc('add_shelf', { p_unit_id: storage.unitIds[0]! }),
      anon.rpc('remove_room', { p_room_id: storage.roomId }),
      anon.rpc('import_items', { p_rows: [] }),
      anon.rpc('has_plan_feature', { p_feature: 'orders' }),
    ];
    for (const r of await Promise.all(calls)) expect(r.error).not.toBeNull();
    expect(await shelvesOf(storage.unitIds[0]!)).toHaveLength(1);
  });
});

describe('remove_excess_storage (downgrade to Free)', () => {
  it('keeps the first room, the oldest units and items within the new plan, and logs what went', async () => {
    const owner = await createDbUser({ prefix: 'downgrade', plan: 'growing' });
    // Kept: isle 1 with units A, B (60 items); Dropped: 2 units (10 items)
    const kept = await createStorage(owner.accountId, {
      roomName: 'Kept',
      units: 2,
      shelves: 1,
      items: 60,
    });
    await createStorage(owner.accountId, { roomName: 'Dropped', units: 2, shelves: 1, items: 10 });
    // then, later, isles 2 and 3 of Kept with one unit each: the newest unit is over the limit
    const { rows } = await db().query(
      `with i as (
         insert into public.storage_isles (account_id, room_id, isle_index) values ($1, $2, 2), ($1, $2, 3)
         returning isle_id, isle_index)
       insert into public.storage_units (account_id, isle_id, unit_name, unit_index, created_at)
       select $1, isle_id, 'A', 1, now() + isle_index * interval '1 second' from i returning isle_id, created_at`,
      [owner.accountId, kept.roomId],
    );
    const [, newestIsle] = rows
      .sort((a, b) => a.created_at - b.created_at)
      .map((r) => r.isle_id as string);
    const late = Array.from({ length: 50 }, (_, i) => ({
      item_name: `Late ${i}`,
      quantity: 1,
      shelf_id: kept.shelfIds[0],
    }));
    expect((await owner.client.rpc('import_items', { p_rows: late })).error).toBeNull(); // 120 items in all

    await setPlan(owner.accountId, 'free');
    const browser = await owner.client.rpc('remove_excess_storage', {
      p_account_id: owner.accountId,
    });
    expect(browser.error).not.toBeNull(); // server only

    const { data, error } = await serviceDbClient().rpc('remove_excess_storage', {
      p_account_id: owner.accountId,
    });
    expect(error).toBeNull();
    // Dropped with its isle, 2 units and 10 items; the newest unit and its isle; 10 newest items
    expect(data).toEqual({
      plan: 'free',
      rooms_removed: 1,
      isles_removed: 2,
      units_removed: 3,
      items_removed: 20,
    });
    const counts = await db().query(
      `select (select count(*)::int from public.storage_rooms where account_id = $1) as rooms,
              (select count(*)::int from public.storage_units where account_id = $1) as units,
              (select count(*)::int from public.storage_items where account_id = $1) as items,
              (select count(*)::int from public.storage_items where account_id = $1 and item_name like 'Late %') as late,
              (select count(*)::int from public.storage_isles where isle_id = $2) as newest_isle`,
      [owner.accountId, newestIsle],
    );
    expect(counts.rows[0]).toEqual({ rooms: 1, units: 3, items: 100, late: 40, newest_isle: 0 });
    const room = await owner.client.from('storage_rooms').select('room_id, room_index, active');
    expect(room.data).toEqual([{ room_id: kept.roomId, room_index: 1, active: true }]);
    expect((await islesOf(kept.roomId)).map((i) => i.isle_index)).toEqual([1, 2]);
    const lines = (await logs(owner.accountId, 'remove_room')).concat(
      await logs(owner.accountId, 'remove_unit'),
      await logs(owner.accountId, 'remove_item'),
    );
    expect(lines.map((l) => l.details)).toEqual([
      'Removed 1 room(s) over the free plan limit of 1',
      'Removed 1 unit(s) over the free plan limit of 3',
      'Removed 10 item(s) over the free plan limit of 100',
    ]);
  });
});
