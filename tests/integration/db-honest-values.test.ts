/**
 * Issue 21, "honest values": what a signed-in seller can send straight to PostgREST with their own
 * token, and what the database must refuse whatever the screens do. Each refused write is
 * checked for its message and for leaving nothing behind.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, createDbUser, createStorage, db, type DbUser } from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';

let seller: DbUser;
let storage: Awaited<ReturnType<typeof createStorage>>;

beforeEach(async () => {
  seller = await createDbUser({ plan: 'power', prefix: 'honest' });
  storage = await createStorage(seller.accountId, { roomName: 'Honest', units: 1, shelves: 1 });
});

afterAll(async () => {
  await closeDb();
});

async function itemCount(accountId: string): Promise<number> {
  const { rows } = await db().query<{ n: number }>(
    'select count(*)::int as n from public.storage_items where account_id = $1',
    [accountId],
  );
  return rows[0]!.n;
}

function item(extra: Record<string, unknown>) {
  return {
    item_name: 'Teapot',
    quantity: 1,
    shelf_id: storage.shelfIds[0],
    unit_id: storage.unitIds[0],
    ...extra,
  };
}

const INVISIBLE_NAMES = ['\t\t', '\u200b\u200b', ' \u00a0\u2060\ufeff ', '\n\r'];

describe('price paid', () => {
  it('refuses NaN through a direct insert, add_item and a restore', async () => {
    const direct = await seller.client.from('storage_items').insert(item({ price_paid: 'NaN' }));
    expect(direct.error?.message).toContain('Price paid: a number from 0 to 9999999999.99');

    const rpc = await seller.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'Teapot',
      p_price_paid: 'NaN' as unknown as number,
    });
    expect(rpc.error?.message).toBe('Invalid price');
    expect(await itemCount(seller.accountId)).toBe(0);

    await createStorage(seller.accountId, { roomName: 'Kept', items: 1 });
    const backup = await seller.client.rpc('create_backup');
    expect(backup.error).toBeNull();
    // a snapshot cannot be written by the seller; one damaged at rest is refused on restore
    await db().query(
      `update public.backups set snapshot = jsonb_set(snapshot, '{items,0,price_paid}', '"NaN"')
        where backup_id = $1`,
      [backup.data.backup_id],
    );
    const restore = await seller.client.rpc('restore_backup', {
      p_backup_id: backup.data.backup_id,
    });
    expect(restore.error?.message).toContain('Price paid: a number from 0 to 9999999999.99');
    expect(await itemCount(seller.accountId)).toBe(1); // the restore changed nothing
  });
});

describe('expiry dates', () => {
  it("refuses Postgres's special dates and far-off years in direct inserts", async () => {
    for (const expiry of [
      'infinity',
      '-infinity',
      'epoch',
      '5874897-12-31',
      '4713-01-01 BC',
      '1999-12-31',
    ]) {
      const { error } = await seller.client
        .from('storage_items')
        .insert(item({ expiry_date: expiry }));
      expect(error?.message, expiry).toContain('Expiry date: between 2000-01-01 and 2199-12-31');
    }
    expect(await itemCount(seller.accountId)).toBe(0);
  });

  it('accepts only YYYY-MM-DD in range through import_items, update_item and add_item', async () => {
    const base = { item_name: 'Milk', quantity: 1, shelf_id: storage.shelfIds[0] };
    for (const expiry of ['today', 'epoch', 'infinity', '5874897-12-31', '2300-01-01']) {
      const imported = await seller.client.rpc('import_items', {
        p_rows: [{ ...base, expiry_date: expiry }],
      });
      expect(imported.error?.message, expiry).toBe('Row 2: Invalid expiry date');
    }
    const added = await seller.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'Milk',
      p_expiry_date: 'infinity',
    });
    expect(added.error?.message).toBe('Invalid expiry date');
    expect(await itemCount(seller.accountId)).toBe(0);

    const ok = await seller.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'Milk',
      p_expiry_date: '2030-01-31',
    });
    expect(ok.error).toBeNull();
    for (const expiry of ['today', 'epoch', 'infinity']) {
      const updated = await seller.client.rpc('update_item', {
        p_item_id: ok.data.item_id,
        p_changes: { expiry_date: expiry },
      });
      expect(updated.error?.message, expiry).toBe('Invalid expiry date');
    }
    const { rows } = await db().query(
      'select expiry_date::text as e from public.storage_items where item_id = $1',
      [ok.data.item_id],
    );
    expect(rows).toEqual([{ e: '2030-01-31' }]);
  });
});

describe('names', () => {
  it('refuses names made only of tabs, line breaks or invisible characters, on every path', async () => {
    for (const name of INVISIBLE_NAMES) {
      const direct = await seller.client.from('storage_items').insert(item({ item_name: name }));
      expect(direct.error?.message).toContain('Item name: 1 to 500 characters, not all blank');
      const added = await seller.client.rpc('add_item', {
        p_shelf_id: storage.shelfIds[0]!,
        p_item_name: name,
      });
      expect(added.error?.message).toBe('Missing item name');
      const imported = await seller.client.rpc('import_items', {
        p_rows: [{ item_name: name, quantity: 1, shelf_id: storage.shelfIds[0] }],
      });
      expect(imported.error?.message).toBe('Row 2: Missing item name');
      const room = await seller.client.rpc('add_room', { p_room_name: name });
      expect(room.error?.message).toBe('Room name is required');
      const renamed = await seller.client.rpc('rename_unit', {
        p_unit_id: storage.unitIds[0]!,
        p_unit_name: name,
      });
      expect(renamed.error?.message).toBe('Unit name is required');
      const roomRow = await seller.client
        .from('storage_rooms')
        .update({ room_name: name })
        .eq('room_id', storage.roomId);
      expect(roomRow.error?.message).toContain('Room name: 1 to 100 characters, not all blank');
    }
    expect(await itemCount(seller.accountId)).toBe(0);
    const added = await seller.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'Cup',
    });
    expect(added.error).toBeNull();
    const renamed = await seller.client.rpc('update_item', {
      p_item_id: added.data.item_id,
      p_changes: { item_name: '\u200b' },
    });
    expect(renamed.error?.message).toBe('Missing item name');
    const { rows } = await db().query<{ room_name: string }>(
      'select room_name from public.storage_rooms where account_id = $1',
      [seller.accountId],
    );
    expect(rows).toEqual([{ room_name: 'Honest' }]);
  });
});

describe('quantity: a whole number from 0, the same on every path', () => {
  it('accepts 0 and refuses negatives, fractions and NaN', async () => {
    const zero = await seller.client
      .from('storage_items')
      .insert(item({ quantity: 0 }))
      .select('quantity')
      .single();
    expect(zero.data).toEqual({ quantity: 0 });
    for (const quantity of [-1, 1.5, 'NaN']) {
      const { error } = await seller.client.from('storage_items').insert(item({ quantity }));
      expect(error, String(quantity)).not.toBeNull();
    }
    const added = await seller.client.rpc('add_item', {
      p_shelf_id: storage.shelfIds[0]!,
      p_item_name: 'Sold out',
      p_quantity: 0,
    });
    expect(added.data).toMatchObject({ quantity: 0 });
    const imported = await seller.client.rpc('import_items', {
      p_rows: [{ item_name: 'Gone', quantity: 0, shelf_id: storage.shelfIds[0] }],
    });
    expect(imported.error).toBeNull();
    const negative = await seller.client.rpc('import_items', {
      p_rows: [{ item_name: 'Gone', quantity: -1, shelf_id: storage.shelfIds[0] }],
    });
    expect(negative.error?.message).toBe('Row 2: Invalid quantity');
    const updated = await seller.client.rpc('update_item', {
      p_item_id: added.data.item_id,
      p_changes: { quantity: -2 },
    });
    expect(updated.error?.message).toBe('Invalid quantity');
    expect(await itemCount(seller.accountId)).toBe(3);

    const backup = await seller.client.rpc('create_backup');
    const restored = await seller.client.rpc('restore_backup', {
      p_backup_id: backup.data.backup_id,
    });
    expect(restored.error).toBeNull();
    const { rows } = await db().query<{ q: number }>(
      'select quantity as q from public.storage_items where account_id = $1 order by q',
      [seller.accountId],
    );
    expect(rows.map((r) => r.q)).toEqual([0, 0, 0]);
  });
});

describe('server-owned columns', () => {
  it('stamps created_at itself on insert and keeps it on update', async () => {
    const future = '2099-01-01T00:00:00Z';
    const inserted = await seller.client
      .from('storage_items')
      .insert(item({ created_at: future, updated_at: future }))
      .select('item_id, created_at, updated_at')
      .single();
    expect(inserted.error).toBeNull();
    expect(new Date(inserted.data!.created_at).getFullYear()).toBeLessThan(2099);
    expect(new Date(inserted.data!.updated_at).getFullYear()).toBeLessThan(2099);
    const updated = await seller.client
      .from('storage_items')
      .update({ created_at: '2001-01-01T00:00:00Z' })
      .eq('item_id', inserted.data!.item_id)
      .select('created_at')
      .single();
    expect(updated.data!.created_at).toBe(inserted.data!.created_at);

    const room = await seller.client
      .from('storage_rooms')
      .update({ created_at: future })
      .eq('room_id', storage.roomId)
      .select('created_at')
      .single();
    expect(new Date(room.data!.created_at).getFullYear()).toBeLessThan(2099);

    const staged = await seller.client
      .from('import_batches')
      .insert({
        import_id: crypto.randomUUID(),
        batch_no: 0,
        rows: [{ item_name: 'x' }],
        created_at: future,
      })
      .select('created_at')
      .single();
    expect(new Date(staged.data!.created_at).getFullYear()).toBeLessThan(2099);
  });

  it('makes backups only through create_backup: a direct POST is refused, the cap of 20 holds', async () => {
    const forged = await seller.client.from('backups').insert({
      account_id: seller.accountId,
      snapshot: { version: 1, rooms: [] },
      created_at: '2099-01-01T00:00:00Z',
    });
    expect(forged.error?.code).toBe('42501');
    const { rows: none } = await db().query('select 1 from public.backups where account_id = $1', [
      seller.accountId,
    ]);
    expect(none).toEqual([]);

    for (let i = 0; i < 21; i += 1) {
      expect((await seller.client.rpc('create_backup')).error).toBeNull();
    }
    const { rows } = await db().query<{ n: number; future: number }>(
      `select count(*)::int as n, count(*) filter (where created_at > now())::int as future
         from public.backups where account_id = $1`,
      [seller.accountId],
    );
    expect(rows[0]).toEqual({ n: 20, future: 0 });
  });
});

describe('3D layout plan gate on insert', () => {
  it('refuses a Free seller a room with a camera or an isle with a place, and allows it from Growing', async () => {
    const free = await createDbUser({ plan: 'free', prefix: 'honest-3d' });
    const room = await free.client
      .from('storage_rooms')
      .insert({ room_name: 'Cam', camera_position_x: 4 });
    expect(room.error?.message).toContain(
      'PLAN_FEATURE_UNAVAILABLE: The 3D view requires the Growing Seller plan',
    );
    const plain = await free.client
      .from('storage_rooms')
      .insert({ room_name: 'Plain' })
      .select('room_id')
      .single();
    expect(plain.error).toBeNull();
    const isle = await free.client
      .from('storage_isles')
      .insert({ room_id: plain.data!.room_id, isle_index: 1, position_x: 3 });
    expect(isle.error?.message).toContain('PLAN_FEATURE_UNAVAILABLE');
    const { rows } = await db().query<{ rooms: number; isles: number }>(
      `select (select count(*) from public.storage_rooms where account_id = $1)::int as rooms,
              (select count(*) from public.storage_isles where account_id = $1)::int as isles`,
      [free.accountId],
    );
    expect(rows[0]).toEqual({ rooms: 1, isles: 0 });

    const growing = await createDbUser({ plan: 'growing', prefix: 'honest-3d' });
    const ok = await growing.client
      .from('storage_rooms')
      .insert({ room_name: 'Cam', camera_position_x: 4 });
    expect(ok.error).toBeNull();
  });
});

describe('3D layout: finite numbers only (issue #38)', () => {
  const CAMERA = [
    'camera_position_x',
    'camera_position_y',
    'camera_position_z',
    'camera_target_x',
    'camera_target_y',
    'camera_target_z',
  ];
  const ISLE = ['position_x', 'position_z', 'rotation_y'];
  const UNIT = ['x', 'y', 'z', 'rotation_y', 'size'];
  // As PostgREST and save_room_layout read them, "NaN" and "Infinity" become doubles; 1e400 is
  // a JSON number jsonb keeps and a browser reads as Infinity (sent as raw JSON below).
  const BAD = ['NaN', 'Infinity', '-Infinity'];

  /** A POST or PATCH with a body written by hand, so 1e400 reaches the server as it is. */
  async function raw(path: string, method: string, body: string) {
    const response = await fetch(`${stack().apiUrl}/rest/v1/${path}`, {
      method,
      headers: {
        apikey: stack().anonKey,
        Authorization: `Bearer ${seller.token}`,
        'Content-Type': 'application/json',
      },
      body,
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  }

  it('refuses NaN, ±Infinity and 1e400 in every number, by POST, PATCH and save_room_layout', async () => {
    const c = seller.client; // on Power, which has the 3D view
    const room = storage;
    const refusals: string[] = [];
    const expectRefused = (what: string, error: { message: string } | null, text: string) => {
      if (!error?.message.includes(text)) refusals.push(`${what}: ${error?.message ?? 'stored'}`);
    };
    for (const bad of BAD) {
      for (const column of CAMERA) {
        const patch = await c
          .from('storage_rooms')
          .update({ [column]: bad })
          .eq('room_id', room.roomId);
        expectRefused(
          `PATCH ${column} ${bad}`,
          patch.error,
          'Camera: numbers from -10000 to 10000',
        );
        const post = await c.from('storage_rooms').insert({ room_name: 'Cam', [column]: bad });
        expectRefused(`POST ${column} ${bad}`, post.error, 'Camera: numbers from -10000 to 10000');
      }
      for (const column of ISLE) {
        const text = 'Isle position and turn: numbers from -10000 to 10000';
        const patch = await c
          .from('storage_isles')
          .update({ [column]: bad })
          .eq('isle_id', room.isleId);
        expectRefused(`PATCH ${column} ${bad}`, patch.error, text);
        const post = await c
          .from('storage_isles')
          .insert({ room_id: room.roomId, isle_index: 2, [column]: bad });
        expectRefused(`POST ${column} ${bad}`, post.error, text);
      }
      for (const key of UNIT) {
        const patch = await c
          .from('storage_units')
          .update({ position3D: { x: 1, y: 0, z: 1, [key]: bad } })
          .eq('unit_id', room.unitIds[0]!);
        expectRefused(`PATCH position3D.${key} ${bad}`, patch.error, 'position3D: place and size');
      }
      const isleSave = await c.rpc('save_room_layout', {
        p_room_id: room.roomId,
        p_isles: [{ isle_id: room.isleId, position_x: 1, position_z: bad, rotation_y: bad }],
      });
      expectRefused(`save isle ${bad}`, isleSave.error, "Invalid layout: an isle's position");
      const unitSave = await c.rpc('save_room_layout', {
        p_room_id: room.roomId,
        p_isles: [],
        p_units: [{ unit_id: room.unitIds[0], position3D: { x: bad, y: 0, z: 0 } }],
      });
      expectRefused(`save unit ${bad}`, unitSave.error, "Invalid layout: a unit's position");
      const cameraSave = await c.rpc('save_room_layout', {
        p_room_id: room.roomId,
        p_isles: [],
        p_camera: { position: [1, bad, 1], target: [0, 0, 0] },
      });
      expectRefused(`save camera ${bad}`, cameraSave.error, "Invalid layout: the camera's");
    }
    // 1e400 as a JSON number: where jsonb keeps it, and where a double cannot hold it
    const hugeUnit = await raw(
      `storage_units?unit_id=eq.${room.unitIds[0]}`,
      'PATCH',
      '{"position3D": {"x": 1e400, "y": 0, "z": 0}}',
    );
    expect(JSON.stringify(hugeUnit.body)).toContain('position3D: place and size');
    const hugeUnitSave = await raw(
      'rpc/save_room_layout',
      'POST',
      `{"p_room_id": "${room.roomId}", "p_isles": [], "p_units": [{"unit_id": "${room.unitIds[0]}", "position3D": {"x": 1e400}}]}`,
    );
    expect(JSON.stringify(hugeUnitSave.body)).toContain("Invalid layout: a unit's position");
    const hugeCameraSave = await raw(
      'rpc/save_room_layout',
      'POST',
      `{"p_room_id": "${room.roomId}", "p_isles": [], "p_camera": {"position": [1e400, 1, 1], "target": [0, 0, 0]}}`,
    );
    expect(JSON.stringify(hugeCameraSave.body)).toContain("Invalid layout: the camera's");
    expect(refusals).toEqual([]);

    // Nothing of the above was stored: every number of every layout row is finite and unchanged.
    const { rows } = await db().query<{
      bad: number;
      cameras: number;
      isles: string[];
      units: unknown[];
    }>(
      `select (select count(*) from public.storage_rooms r
                where r.account_id = $1
                  and not (coalesce(r.camera_position_x, 0) between -1e4 and 1e4
                           and coalesce(r.camera_position_y, 0) between -1e4 and 1e4
                           and coalesce(r.camera_position_z, 0) between -1e4 and 1e4
                           and coalesce(r.camera_target_x, 0) between -1e4 and 1e4
                           and coalesce(r.camera_target_y, 0) between -1e4 and 1e4
                           and coalesce(r.camera_target_z, 0) between -1e4 and 1e4))::int
            + (select count(*) from public.storage_isles i
                where i.account_id = $1
                  and not (i.position_x between -1e4 and 1e4 and i.position_z between -1e4 and 1e4
                           and i.rotation_y between -1e4 and 1e4))::int as bad,
              (select count(*) from public.storage_rooms r
                where r.account_id = $1 and r.camera_position_x is not null)::int as cameras,
              (select array_agg(concat_ws(',', i.position_x, i.position_z, i.rotation_y))
                 from public.storage_isles i where i.account_id = $1) as isles,
              (select array_agg(u."position3D") from public.storage_units u where u.account_id = $1) as units`,
      [seller.accountId],
    );
    expect(rows[0]).toEqual({ bad: 0, cameras: 0, isles: ['0,0,0'], units: [null] });

    // What the 3D view saves is still saved.
    const saved = await c.rpc('save_room_layout', {
      p_room_id: room.roomId,
      p_isles: [{ isle_id: room.isleId, position_x: 2.5, position_z: -3, rotation_y: 1.570796 }],
      p_units: [{ unit_id: room.unitIds[0], position3D: { x: 1, y: 0, z: 2, rotation_y: 0 } }],
      p_camera: { position: [8, 7.2, 8], target: [0, 0, 0] },
    });
    expect(saved.error).toBeNull();
  });
});

describe('activity log', () => {
  it('is written only by the database: a seller cannot insert or backdate a line', async () => {
    const forged = await seller.client.from('storage_logs').insert({
      account_id: seller.accountId,
      action: 'remove_item',
      details: 'Removed 1 item(s): Crown jewels',
      timestamp: '2020-01-01T00:00:00Z',
    });
    expect(forged.error?.code).toBe('42501');
    const { rows } = await db().query('select 1 from public.storage_logs where account_id = $1', [
      seller.accountId,
    ]);
    expect(rows).toEqual([]);
  });
});
