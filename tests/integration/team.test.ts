/**
 * Team (issue #27, database core; supabase/schemas/10_accounts.sql, 80_team.sql): accounts own the
 * stockroom, members act with a role, seats by plan, invitations. Everything through
 * supabase-js against the real local stack, as the browser does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb,
  createDbUser,
  createDbUsers,
  createStorage,
  db,
  setPlan,
  type DbUser,
} from '../helpers/db-users.ts';

afterAll(closeDb);

type Role = 'owner' | 'manager' | 'picker';

/** The owner invites `member` with `role`; the member accepts with their own token. */
async function join(owner: DbUser, member: DbUser, role: 'manager' | 'picker'): Promise<void> {
  const invited = await owner.client.rpc('invite_member', { p_email: member.email, p_role: role });
  expect(invited.error).toBeNull();
  const accepted = await member.client.rpc('accept_invitation', {
    p_invitation_id: (invited.data as { id: string }).id,
  });
  expect(accepted.error).toBeNull();
  expect(accepted.data).toBe(owner.accountId);
}

interface Team {
  owner: DbUser;
  manager: DbUser;
  picker: DbUser;
  as: Record<Role, DbUser>;
  storage: Awaited<ReturnType<typeof createStorage>>;
}

async function eliteTeam(prefix: string): Promise<Team> {
  const owner = await createDbUser({ plan: 'elite', prefix });
  const [manager, picker] = await createDbUsers(2, { prefix });
  await join(owner, manager!, 'manager');
  await join(owner, picker!, 'picker');
  const storage = await createStorage(owner.accountId, {
    roomName: 'Garage',
    units: 2,
    shelves: 2,
    items: 3,
  });
  return {
    owner,
    manager: manager!,
    picker: picker!,
    as: { owner, manager: manager!, picker: picker! },
    storage,
  };
}

describe('accounts and membership', () => {
  it('gives a new sign-up an account of its own, as owner, with its id', async () => {
    const user = await createDbUser({ prefix: 'team-signup' });
    const accounts = await user.client.rpc('my_accounts');
    expect(accounts.error).toBeNull();
    expect(accounts.data).toEqual([
      {
        account_id: user.accountId,
        name: user.email,
        role: 'owner',
        plan_id: 'free',
        is_current: true,
      },
    ]);
    const members = await user.client.rpc('team_members');
    expect(members.data).toMatchObject([
      { user_id: user.id, email: user.email, role: 'owner', is_you: true },
    ]);
  });

  it("lets a member work in the account they joined: rows, plan and log are the account's", async () => {
    const team = await eliteTeam('team-work');
    const itemId = team.storage.itemIds[0]!;
    const { data: rooms } = await team.picker.client
      .from('storage_rooms')
      .select('room_id, account_id');
    expect(rooms).toEqual([{ room_id: team.storage.roomId, account_id: team.owner.accountId }]);

    // a picker moves an item; the account's log records who did it
    const moved = await team.picker.client.rpc('move_items', {
      p_item_ids: [itemId],
      p_shelf_id: team.storage.shelfIds[1],
    });
    expect(moved.error).toBeNull();
    const { rows } = await db().query<{
      account_id: string;
      user_id: string;
      user_email: string;
      action: string;
    }>(
      `select account_id, user_id, user_email, action from public.storage_logs
        where account_id = $1 order by "timestamp" desc limit 1`,
      [team.owner.accountId],
    );
    expect(rows[0]).toEqual({
      account_id: team.owner.accountId,
      user_id: team.picker.id,
      user_email: team.picker.email,
      action: rows[0]!.action,
    });
    const members = await team.owner.client.rpc('team_members');
    const pickerRow = (
      members.data as Array<{ user_id: string; last_active_at: string | null; role: string }>
    ).find((m) => m.user_id === team.picker.id);
    expect(pickerRow?.role).toBe('picker');
    // last activity is the picker's newest log line (no membership row is written per change)
    const { rows: newest } = await db().query<{ ts: Date }>(
      `select max("timestamp") as ts from public.storage_logs where account_id = $1 and user_id = $2`,
      [team.owner.accountId, team.picker.id],
    );
    expect(new Date(pickerRow!.last_active_at!).getTime()).toBe(newest[0]!.ts.getTime());

    // the plan is the account's: the picker (on Free themselves) may use Elite's features
    const feature = await team.picker.client.rpc('has_plan_feature', { p_feature: 'orders' });
    expect(feature.data).toBe(true);
  });

  it('switches between accounts; each request acts on the current one only', async () => {
    const team = await eliteTeam('team-switch');
    // the picker's own account (from sign-up) gets a room of its own
    await createStorage(team.picker.accountId, { roomName: 'Own room' });
    const names = async () =>
      ((await team.picker.client.from('storage_rooms').select('room_name')).data ?? []).map(
        (r) => r.room_name,
      );
    expect(await names()).toEqual(['Garage']); // accepting made the owner's account current
    const back = await team.picker.client.rpc('switch_account', {
      p_account_id: team.picker.accountId,
    });
    expect(back.error).toBeNull();
    expect(await names()).toEqual(['Own room']);
    const accounts = await team.picker.client.rpc('my_accounts');
    expect(accounts.data).toEqual([
      {
        account_id: team.picker.accountId,
        name: team.picker.email,
        role: 'owner',
        plan_id: 'free',
        is_current: true,
      },
      {
        account_id: team.owner.accountId,
        name: team.owner.email,
        role: 'picker',
        plan_id: 'elite',
        is_current: false,
      },
    ]);
    const refused = await team.picker.client.rpc('switch_account', {
      p_account_id: crypto.randomUUID(),
    });
    expect(refused.error?.code).toBe('PT404');
  });

  it('keeps a member of account A out of account B', async () => {
    const a = await eliteTeam('team-a');
    const b = await createDbUser({ plan: 'elite', prefix: 'team-b' });
    const bStorage = await createStorage(b.accountId, { roomName: 'B room', items: 1 });
    for (const member of [a.manager, a.picker]) {
      const { data } = await member.client
        .from('storage_items')
        .select('item_id')
        .eq('account_id', b.accountId);
      expect(data).toEqual([]);
      const updated = await member.client
        .from('storage_items')
        .update({ quantity: 99 })
        .eq('item_id', bStorage.itemIds[0]!)
        .select();
      expect(updated.data ?? []).toEqual([]);
      const switched = await member.client.rpc('switch_account', { p_account_id: b.accountId });
      expect(switched.error?.code).toBe('PT404');
      const moved = await member.client.rpc('move_items', {
        p_item_ids: [bStorage.itemIds[0]],
        p_shelf_id: a.storage.shelfIds[0],
      });
      expect(moved.error).not.toBeNull();
    }
    const { rows } = await db().query(
      'select quantity, shelf_id from public.storage_items where item_id = $1',
      [bStorage.itemIds[0]],
    );
    expect(rows[0]).toMatchObject({ quantity: 1, shelf_id: bStorage.shelfIds[0] });
  });

  it("refuses a removed member's token at once", async () => {
    const team = await eliteTeam('team-remove');
    const before = await team.picker.client.from('storage_items').select('item_id');
    expect(before.data).toHaveLength(3);
    const removed = await team.manager.client.rpc('remove_member', { p_user_id: team.picker.id });
    expect(removed.error).toBeNull();
    // the same token, the very next request
    const after = await team.picker.client
      .from('storage_items')
      .select('item_id')
      .eq('account_id', team.owner.accountId);
    expect(after.data).toEqual([]);
    const moved = await team.picker.client.rpc('move_items', {
      p_item_ids: [team.storage.itemIds[0]],
      p_shelf_id: team.storage.shelfIds[1],
    });
    expect(moved.error).not.toBeNull();
    const { rows } = await db().query(
      'select shelf_id from public.storage_items where item_id = $1',
      [team.storage.itemIds[0]],
    );
    expect(rows[0]!.shelf_id).toBe(team.storage.shelfIds[0]);
    // the owner cannot be removed, by a manager or anyone
    const owner = await team.manager.client.rpc('remove_member', { p_user_id: team.owner.id });
    expect(owner.error?.code).toBe('42501');
  });

  it('lets a member leave, but not the owner', async () => {
    const team = await eliteTeam('team-leave');
    const left = await team.manager.client.rpc('leave_account', {
      p_account_id: team.owner.accountId,
    });
    expect(left.error).toBeNull();
    expect((await team.manager.client.from('storage_rooms').select('room_id')).data).toEqual([]);
    const owner = await team.owner.client.rpc('leave_account', {
      p_account_id: team.owner.accountId,
    });
    expect(owner.error?.code).toBe('22023');
    const members = await team.owner.client.rpc('team_members');
    expect((members.data as Array<{ role: string }>).map((m) => m.role)).toEqual([
      'owner',
      'picker',
    ]);
  });
});

describe('roles: what a picker may change of an item (issue #38)', () => {
  it('changes only its quantity and shelf, on every path; the rest is refused and stays', async () => {
    const team = await eliteTeam('team-fields');
    const itemId = team.storage.itemIds[0]!;
    const p = team.picker.client;
    const details = {
      item_name: 'Renamed',
      sku: 'SKU-HIJACK',
      barcode: '0000',
      price_paid: 0.01,
      expiry_date: '2030-01-01',
      reorder_level: 5,
    };
    const refused: string[] = [];
    const expectRefused = (what: string, error: { code?: string; message: string } | null) => {
      if (
        error?.code !== '42501' ||
        error.message !== "A picker can change only an item's quantity and shelf"
      )
        refused.push(`${what}: ${error ? `${error.code} ${error.message}` : 'changed'}`);
    };
    for (const [field, value] of Object.entries({
      ...details,
      active: false,
      created_at: '2001-01-01',
    })) {
      const patch = await p
        .from('storage_items')
        .update({ [field]: value })
        .eq('item_id', itemId)
        .select();
      if (field === 'created_at') {
        // the server keeps created_at whoever writes it (server_stamps): nothing changes
        expect(patch.error).toBeNull();
      } else expectRefused(`PATCH ${field}`, patch.error);
    }
    for (const [field, value] of Object.entries(details)) {
      const rpc = await p.rpc('update_item', { p_item_id: itemId, p_changes: { [field]: value } });
      expectRefused(`update_item ${field}`, rpc.error);
    }
    // a quantity with a name: all or nothing
    const mixed = await p.rpc('update_item', {
      p_item_id: itemId,
      p_changes: { quantity: 9, item_name: 'X' },
    });
    expectRefused('update_item quantity and name', mixed.error);
    const upsert = await p
      .from('storage_items')
      .upsert({
        item_id: itemId,
        item_name: 'Upserted',
        quantity: 1,
        shelf_id: team.storage.shelfIds[0],
      });
    expectRefused('upsert', upsert.error);
    expect(refused).toEqual([]);

    // what a picker does: quantity and shelf, by every path
    expect(
      (await p.rpc('update_item', { p_item_id: itemId, p_changes: { quantity: 4 } })).error,
    ).toBeNull();
    expect(
      (await p.from('storage_items').update({ quantity: 5 }).eq('item_id', itemId)).error,
    ).toBeNull();
    const moved = await p.rpc('move_items', {
      p_item_ids: [itemId],
      p_shelf_id: team.storage.shelfIds[1],
    });
    expect(moved.error).toBeNull();
    const back = await p
      .from('storage_items')
      .update({ shelf_id: team.storage.shelfIds[0] })
      .eq('item_id', itemId);
    expect(back.error).toBeNull();
    const scanned = await p.rpc('add_scanned_items', {
      p_shelf_id: team.storage.shelfIds[0],
      p_items: [{ barcode: 'BC1', item_id: itemId, item_name: 'Ignored' }],
    });
    expect(scanned.error).toBeNull();
    // and adds a new item, with its details
    const added = await p.rpc('add_item', {
      p_shelf_id: team.storage.shelfIds[0],
      p_item_name: 'New',
      p_sku: 'N-1',
    });
    expect(added.error).toBeNull();

    const { rows } = await db().query(
      `select item_name, quantity, shelf_id, barcode, sku, price_paid, expiry_date, reorder_level, active
         from public.storage_items where item_id = $1`,
      [itemId],
    );
    expect(rows[0]).toEqual({
      item_name: 'Item 1',
      quantity: 6,
      shelf_id: team.storage.shelfIds[0],
      barcode: 'BC1',
      sku: null,
      price_paid: null,
      expiry_date: null,
      reorder_level: null,
      active: true,
    });
    // a manager changes the details
    const renamed = await team.manager.client.rpc('update_item', {
      p_item_id: itemId,
      p_changes: details,
    });
    expect(renamed.error).toBeNull();
  });
});

describe('roles: the matrix', () => {
  let team: Team;
  beforeAll(async () => {
    team = await eliteTeam('team-matrix');
  });

  // Every public function the browser may call, and the roles allowed to call it. A refused role
  // gets 42501 before the function does anything; an allowed one gets past the role check (the
  // call is made with null arguments, so it may then fail on its input: not with 42501).
  const rpcRoles: Record<string, Role[]> = {
    add_isle: ['owner', 'manager'],
    add_room: ['owner', 'manager'],
    add_shelf: ['owner', 'manager'],
    add_unit: ['owner', 'manager'],
    rename_unit: ['owner', 'manager'],
    renumber_isle: ['owner', 'manager'],
    update_room: ['owner', 'manager'],
    save_room_layout: ['owner', 'manager'],
    remove_isle: ['owner', 'manager'],
    remove_room: ['owner', 'manager'],
    remove_shelf: ['owner', 'manager'],
    remove_unit: ['owner', 'manager'],
    remove_items: ['owner', 'manager'],
    assign_barcodes: ['owner', 'manager'],
    import_items: ['owner', 'manager'],
    commit_import: ['owner', 'manager'],
    discard_import: ['owner', 'manager'],
    create_backup: ['owner', 'manager'],
    restore_backup: ['owner', 'manager'],
    restore_from_backup: ['owner', 'manager'],
    backup_deleted_things: ['owner', 'manager'],
    save_ebay_tokens: ['owner'],
    add_item: ['owner', 'manager', 'picker'],
    add_scanned_items: ['owner', 'manager', 'picker'],
    move_items: ['owner', 'manager', 'picker'],
    update_item: ['owner', 'manager', 'picker'],
    low_stock_items: ['owner', 'manager', 'picker'],
    room_shelf_fill: ['owner', 'manager', 'picker'],
    undo_change: ['owner', 'manager', 'picker'],
    undoable_changes: ['owner', 'manager', 'picker'],
    link_sku: ['owner', 'manager', 'picker'],
    place_listing: ['owner', 'manager', 'picker'],
    pick_order_line: ['owner', 'manager', 'picker'],
    unpick_order_line: ['owner', 'manager', 'picker'],
    has_plan_feature: ['owner', 'manager', 'picker'],
    // counting a shelf changes only quantities and shelves, which every role may (47_counts.sql)
    apply_shelf_count: ['owner', 'manager', 'picker'],
    shelves_not_counted: ['owner', 'manager', 'picker'],
    ebay_shelf_check: ['owner', 'manager', 'picker'],
    ebay_unpicked_lines: ['owner', 'manager', 'picker'],
    get_ebay_connection: ['owner', 'manager', 'picker'],
    invite_member: ['owner', 'manager'],
    withdraw_invitation: ['owner', 'manager'],
    change_member_role: ['owner', 'manager'],
    remove_member: ['owner', 'manager'],
    transfer_ownership: ['owner'],
  };

  it('covers every function a signed-in user may call', async () => {
    const { rows } = await db().query<{ name: string }>(
      `select distinct p.proname as name from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and has_function_privilege('authenticated', p.oid, 'execute') order by 1`,
    );
    // the rest are for every signed-in user about themselves
    const everyone = [
      'accept_invitation',
      'leave_account',
      'my_accounts',
      'switch_account',
      'team_members',
      // the caller's own invitations and whether they have a password (80_team.sql)
      'my_invitations',
      'has_password',
    ];
    expect(rows.map((r) => r.name).filter((n) => !everyone.includes(n))).toEqual(
      Object.keys(rpcRoles).sort(),
    );
  });

  it('lets each role call exactly its functions', async () => {
    const { rows } = await db().query<{ name: string; args: string[] | null }>(
      `select p.proname as name, p.proargnames as args from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.proname = any($1)`,
      [Object.keys(rpcRoles)],
    );
    const outcome: string[] = [];
    const expected: string[] = [];
    for (const { name, args } of rows) {
      for (const role of ['owner', 'manager', 'picker'] as Role[]) {
        const params: Record<string, string | null> = Object.fromEntries(
          (args ?? []).filter((a) => a.startsWith('p_')).map((a) => [a, null]),
        );
        // arguments the role check comes before: a made-up id that matches nothing
        // (p_user_id and p_account_id: another user's or account's id is refused for everyone,
        // so they stay null but for the member functions)
        for (const k of Object.keys(params))
          if (k.endsWith('_id') && k !== 'p_user_id' && k !== 'p_account_id')
            params[k] = crypto.randomUUID();
        if (name === 'remove_member' || name === 'change_member_role')
          params.p_user_id = crypto.randomUUID();
        const { error } = await team.as[role].client.rpc(name, params);
        outcome.push(`${name} ${role}: ${error?.code === '42501' ? 'refused' : 'allowed'}`);
        expected.push(`${name} ${role}: ${rpcRoles[name]!.includes(role) ? 'allowed' : 'refused'}`);
      }
    }
    expect(outcome.sort()).toEqual(expected.sort());
  });

  // Tables: what each role reads and which writes it is refused.
  const reads: Record<string, Role[]> = {
    storage_rooms: ['owner', 'manager', 'picker'],
    storage_isles: ['owner', 'manager', 'picker'],
    storage_units: ['owner', 'manager', 'picker'],
    storage_shelves: ['owner', 'manager', 'picker'],
    storage_items: ['owner', 'manager', 'picker'],
    storage_logs: ['owner', 'manager', 'picker'],
    user_preferences: ['owner', 'manager', 'picker'],
    backups: ['owner', 'manager'],
    subscriptions: ['owner'],
  };

  it('lets each role read exactly its tables', async () => {
    await db().query(
      `insert into public.backups (account_id, snapshot, item_count) values ($1, '{"version":1}', 0)`,
      [team.owner.accountId],
    );
    await db().query(`select private.log($1, 'test', 'a line')`, [team.owner.accountId]);
    const outcome: string[] = [];
    const expected: string[] = [];
    for (const [table, roles] of Object.entries(reads)) {
      for (const role of ['owner', 'manager', 'picker'] as Role[]) {
        const { data } = await team.as[role].client.from(table).select('account_id');
        outcome.push(`${table} ${role}: ${(data ?? []).length > 0 ? 'reads' : 'nothing'}`);
        expected.push(`${table} ${role}: ${roles.includes(role) ? 'reads' : 'nothing'}`);
      }
    }
    expect(outcome).toEqual(expected);
  });

  it('refuses a picker building or deleting storage, deleting items and writing picks directly', async () => {
    const p = team.picker.client;
    const room = await p.from('storage_rooms').insert({ room_name: 'Picker room' }).select();
    expect(room.error?.code).toBe('42501');
    for (const [table, key, id] of [
      ['storage_units', 'unit_id', team.storage.unitIds[0]],
      ['storage_shelves', 'shelf_id', team.storage.shelfIds[0]],
      ['storage_rooms', 'room_id', team.storage.roomId],
      ['storage_items', 'item_id', team.storage.itemIds[2]],
    ] as const) {
      const deleted = await p.from(table).delete().eq(key, id!).select();
      expect(deleted.data ?? [], table).toEqual([]);
      const { rows } = await db().query(`select 1 from public.${table} where ${key} = $1`, [id]);
      expect(rows, table).toHaveLength(1);
    }
    const renamed = await p
      .from('storage_units')
      .update({ unit_name: 'Z' })
      .eq('unit_id', team.storage.unitIds[0]!)
      .select();
    expect(renamed.data ?? []).toEqual([]);
    const prefs = await p
      .from('user_preferences')
      .update({ theme: 'dark' })
      .eq('account_id', team.owner.accountId)
      .select();
    expect(prefs.data ?? []).toEqual([]);

    // a picker adjusts quantities
    const qty = await p
      .from('storage_items')
      .update({ quantity: 7 })
      .eq('item_id', team.storage.itemIds[1]!)
      .select('quantity');
    expect(qty.data).toEqual([{ quantity: 7 }]);

    // picks go only through pick_order_line / unpick_order_line, for every role
    for (const role of ['owner', 'picker'] as Role[]) {
      const direct = await team.as[role].client
        .from('order_picks')
        .insert({ order_id: 'O-1', line_item_id: 'L-1', item_name: 'x', quantity: 1 });
      expect(direct.error?.code, role).toBe('42501');
    }
    const picked = await p.rpc('pick_order_line', {
      p_order_id: 'O-1',
      p_line_item_id: 'L-1',
      p_item_id: team.storage.itemIds[1],
      p_quantity: 2,
    });
    expect(picked.error).toBeNull();
    const undirect = await team.owner.client
      .from('order_picks')
      .delete()
      .eq('order_id', 'O-1')
      .select();
    expect(undirect.data ?? []).toEqual([]);
    const unpicked = await p.rpc('unpick_order_line', { p_order_id: 'O-1', p_line_item_id: 'L-1' });
    expect(unpicked.error).toBeNull();
    const { rows } = await db().query(
      'select quantity from public.storage_items where item_id = $1',
      [team.storage.itemIds[1]],
    );
    expect(rows[0]!.quantity).toBe(7);
  });

  it('lets a manager build and delete storage but not see billing or the eBay connection', async () => {
    const m = team.manager.client;
    const unit = await m.rpc('add_unit', { p_isle_id: team.storage.isleId, p_unit_type: 'bin' });
    expect(unit.error).toBeNull();
    const subs = await m.from('subscriptions').select('plan_id');
    expect(subs.data).toEqual([]);
    const tokens = await m.rpc('save_ebay_tokens', {
      p_access_token: 'x',
      p_refresh_token: 'y',
      p_expires_at: new Date().toISOString(),
    });
    expect(tokens.error?.code).toBe('42501');
  });

  it('lets owner and manager invite, change roles and withdraw; never a second owner', async () => {
    const asOwner = await team.manager.client.rpc('invite_member', {
      p_email: 'boss@example.test',
      p_role: 'owner',
    });
    expect(asOwner.error?.code).toBe('22023');
    const byPicker = await team.picker.client.rpc('invite_member', {
      p_email: 'x@example.test',
      p_role: 'picker',
    });
    expect(byPicker.error?.code).toBe('42501');
    const bad = await team.owner.client.rpc('invite_member', {
      p_email: 'not an address',
      p_role: 'picker',
    });
    expect(bad.error?.code).toBe('22023');
    const inv = await team.manager.client.rpc('invite_member', {
      p_email: 'New@Example.test',
      p_role: 'picker',
    });
    expect(inv.error).toBeNull();
    expect(inv.data).toMatchObject({
      email: 'new@example.test',
      role: 'picker',
      invited_by: team.manager.id,
    });
    // the invitation is visible to owner and manager, not to a picker
    const seen = async (u: DbUser) =>
      ((await u.client.from('account_invitations').select('id').is('accepted_at', null)).data ?? [])
        .length;
    expect(await seen(team.owner)).toBe(1);
    expect(await seen(team.picker)).toBe(0);
    const withdrawn = await team.owner.client.rpc('withdraw_invitation', {
      p_invitation_id: (inv.data as { id: string }).id,
    });
    expect(withdrawn.error).toBeNull();
    expect(await seen(team.owner)).toBe(0);

    const changed = await team.manager.client.rpc('change_member_role', {
      p_user_id: team.picker.id,
      p_role: 'manager',
    });
    expect(changed.error).toBeNull();
    const back = await team.owner.client.rpc('change_member_role', {
      p_user_id: team.picker.id,
      p_role: 'picker',
    });
    expect(back.error).toBeNull();
    const owner = await team.manager.client.rpc('change_member_role', {
      p_user_id: team.owner.id,
      p_role: 'picker',
    });
    expect(owner.error?.code).toBe('42501');
    const { rows } = await db().query<{ n: number }>(
      `select count(*)::int as n from public.account_members where account_id = $1 and role = 'owner'`,
      [team.owner.accountId],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('lets nobody accept an invitation sent to another address', async () => {
    const inv = await team.owner.client.rpc('invite_member', {
      p_email: 'someone-else@example.test',
      p_role: 'picker',
    });
    expect(inv.error).toBeNull();
    const stranger = await createDbUser({ prefix: 'team-stranger' });
    const accepted = await stranger.client.rpc('accept_invitation', {
      p_invitation_id: (inv.data as { id: string }).id,
    });
    expect(accepted.error?.code).toBe('PT404');
    await team.owner.client.rpc('withdraw_invitation', {
      p_invitation_id: (inv.data as { id: string }).id,
    });
  });
});

describe('seats by plan', () => {
  it('gives Free the owner only, with the plan-limit message', async () => {
    const owner = await createDbUser({ prefix: 'team-free' });
    const refused = await owner.client.rpc('invite_member', {
      p_email: 'a@example.test',
      p_role: 'picker',
    });
    expect(refused.error?.code).toBe('P0001');
    expect(refused.error?.message).toBe(
      'PLAN_LIMIT_REACHED: Your free plan is for the owner only. Upgrade to add team members',
    );
  });

  it('holds under concurrent invitations: exactly the seats left succeed', async () => {
    const owner = await createDbUser({ plan: 'power', prefix: 'team-seats' });
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        owner.client.rpc('invite_member', { p_email: `seat-${i}@example.test`, p_role: 'picker' }),
      ),
    );
    const ok = results.filter((r) => r.error === null);
    const refused = results.filter((r) => r.error !== null);
    expect(ok).toHaveLength(4); // Power: 5 seats, owner included
    for (const r of refused) {
      expect(r.error?.message).toBe(
        'PLAN_LIMIT_REACHED: Your power plan allows 5 team members (owner included). Please upgrade to add more',
      );
    }
    const { rows } = await db().query<{ n: number }>(
      'select count(*)::int as n from public.account_invitations where account_id = $1',
      [owner.accountId],
    );
    expect(rows[0]!.n).toBe(4);
  });

  it('counts members and pending invitations; a downgrade keeps everyone', async () => {
    const owner = await createDbUser({ plan: 'growing', prefix: 'team-grow' });
    const [member] = await createDbUsers(1, { prefix: 'team-grow' });
    await join(owner, member!, 'picker');
    const third = await owner.client.rpc('invite_member', {
      p_email: 'third@example.test',
      p_role: 'picker',
    });
    expect(third.error?.message).toMatch(
      /^PLAN_LIMIT_REACHED: Your growing plan allows 2 team members/,
    );

    await setPlan(owner.accountId, 'elite');
    const [m2, m3] = await createDbUsers(2, { prefix: 'team-grow' });
    await join(owner, m2!, 'manager');
    await join(owner, m3!, 'picker');
    await setPlan(owner.accountId, 'free');
    const members = await owner.client.rpc('team_members');
    expect(members.data).toHaveLength(4);
    // everyone keeps working until the owner removes someone; no new seat
    const read = await m3!.client.from('storage_rooms').select('room_id');
    expect(read.error).toBeNull();
    const more = await owner.client.rpc('invite_member', {
      p_email: 'more@example.test',
      p_role: 'picker',
    });
    expect(more.error?.code).toBe('P0001');
    const removed = await owner.client.rpc('remove_member', { p_user_id: m3!.id });
    expect(removed.error).toBeNull();
  });
});

describe('live sync', () => {
  it("delivers an account's changes to its members and to nobody else, and stops at removal", async () => {
    const team = await eliteTeam('team-live');
    const outsider = await createDbUser({ prefix: 'team-live-out' });
    const received: Record<'picker' | 'outsider', string[]> = { picker: [], outsider: [] };
    const channels = [];
    for (const [who, user] of [
      ['picker', team.picker],
      ['outsider', outsider],
    ] as const) {
      await user.client.realtime.setAuth(user.token);
      const channel = user.client.channel(`team-live-${who}`);
      channel.on(
        'postgres_changes',
        {
          event: 'UPDATE',
          schema: 'public',
          table: 'storage_items',
          filter: `account_id=eq.${team.owner.accountId}`,
        },
        (payload) => received[who].push(String((payload.new as { item_name: string }).item_name)),
      );
      await new Promise<void>((resolve) =>
        channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()),
      );
      channels.push(channel);
    }
    await new Promise((r) => setTimeout(r, 300));
    const itemId = team.storage.itemIds[0]!;
    await team.owner.client
      .from('storage_items')
      .update({ item_name: 'Renamed once' })
      .eq('item_id', itemId);
    const end = Date.now() + 5_000;
    while (received.picker.length === 0 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 50));
    expect(received.picker).toEqual(['Renamed once']);

    await team.owner.client.rpc('remove_member', { p_user_id: team.picker.id });
    await team.owner.client
      .from('storage_items')
      .update({ item_name: 'Renamed twice' })
      .eq('item_id', itemId);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(received).toEqual({ picker: ['Renamed once'], outsider: [] });
    for (const c of channels) await c.unsubscribe();
    team.picker.client.realtime.disconnect();
    outsider.client.realtime.disconnect();
  });
});
