/**
 * The account model (issue #36; supabase/schemas/10_accounts.sql, 25_users.sql, 80_team.sql):
 * an account has its own id and a primary owner, ownership can be handed to another member, and
 * deleting a user never takes away a stockroom someone else works in. Through supabase-js and the
 * Auth admin API of the local stack, as the browser and the server do; a second seller's account
 * is checked untouched at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDb,
  createDbUser,
  createDbUsers,
  createStorage,
  db,
  serviceDbClient,
  type DbUser,
} from '../helpers/db-users.ts';
import { stack } from '../helpers/stack.ts';

afterAll(closeDb);

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
  account: string;
}

/** An Elite owner's personal account with a manager, a picker and a stocked room. */
async function eliteTeam(prefix: string): Promise<Team> {
  const owner = await createDbUser({ plan: 'elite', prefix });
  const [manager, picker] = await createDbUsers(2, { prefix });
  await join(owner, manager!, 'manager');
  await join(owner, picker!, 'picker');
  await createStorage(owner.accountId, { roomName: 'Garage', units: 2, shelves: 2, items: 3 });
  const made = await owner.client.rpc('add_room', { p_room_name: 'Logged room' }); // a log line
  expect(made.error).toBeNull();
  return { owner, manager: manager!, picker: picker!, account: owner.accountId };
}

interface AccountState {
  account: Record<string, unknown> | null;
  members: { user_id: string; role: string }[];
  /** every row of every public table with an account_id, per table, storage_logs aside (counted) */
  rows: Record<string, unknown[]>;
  logLines: number;
}

/** Everything of an account, as the superuser sees it. */
async function accountState(accountId: string): Promise<AccountState> {
  const { rows: tables } = await db().query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'account_id'
        and table_name not in ('account_members', 'storage_logs') order by 1`,
  );
  const rows: Record<string, unknown[]> = {};
  for (const { table_name: table } of tables) {
    const { rows: r } = await db().query<{ rows: unknown[] }>(
      // (an invitation's invited_by is the person who sent it: it goes when they are deleted)
      `select coalesce(jsonb_agg(to_jsonb(t) - 'updated_at' - 'invited_by' order by to_jsonb(t)::text), '[]') as rows
         from public.${table} t where t.account_id = $1`,
      [accountId],
    );
    rows[table] = r[0]!.rows;
  }
  const { rows: account } = await db().query(
    `select id, primary_owner_user_id, name, personal_account, plan_id from public.accounts where id = $1`,
    [accountId],
  );
  const { rows: members } = await db().query<{ user_id: string; role: string }>(
    'select user_id, role from public.account_members where account_id = $1 order by user_id',
    [accountId],
  );
  const { rows: logs } = await db().query<{ n: number }>(
    'select count(*)::int as n from public.storage_logs where account_id = $1',
    [accountId],
  );
  return { account: account[0] ?? null, members, rows, logLines: logs[0]!.n };
}

/** The personal account of a user (made at sign-up, or when they handed theirs over). */
async function personalAccount(userId: string): Promise<string | undefined> {
  const { rows } = await db().query<{ id: string }>(
    'select id from public.accounts where personal_account and primary_owner_user_id = $1',
    [userId],
  );
  return rows[0]?.id;
}

/** Accounts whose members with role owner are not exactly their primary owner. */
async function ownerMismatches(): Promise<string[]> {
  const { rows } = await db().query<{ id: string }>(
    `select a.id from public.accounts a
      where (select array_agg(m.user_id) from public.account_members m
              where m.account_id = a.id and m.role = 'owner') is distinct from array[a.primary_owner_user_id]`,
  );
  return rows.map((r) => r.id);
}

const sorted = (members: { user_id: string; role: string }[]) =>
  [...members].sort((a, b) => (a.user_id < b.user_id ? -1 : 1));

let other: DbUser;
let otherBefore: AccountState;

beforeAll(async () => {
  // a second seller with a team of their own, never involved below
  other = await createDbUser({ plan: 'elite', prefix: 'own-other' });
  const [helper] = await createDbUsers(1, { prefix: 'own-other' });
  await join(other, helper!, 'manager');
  await createStorage(other.accountId, { roomName: 'Other', units: 1, shelves: 1, items: 2 });
  otherBefore = await accountState(other.accountId);
});

describe('the account model', () => {
  it('gives an account its own id, no tie to auth.users, and names only people user_id', async () => {
    const { rows: fks } = await db().query<{ name: string }>(
      `select c.conname as name from pg_constraint c
        where c.conrelid = 'public.accounts'::regclass and c.contype = 'f'
          and c.confrelid = 'auth.users'::regclass
          and c.conkey = array[(select attnum from pg_attribute
                                 where attrelid = 'public.accounts'::regclass and attname = 'id')]`,
    );
    expect(fks).toEqual([]);
    expect(other.accountId).not.toBe(other.id);
    // every user_id column in public is a person (references auth.users); every account_id an account
    const { rows } = await db().query<{ col: string; refs: string | null }>(
      `select c.table_name || '.' || c.column_name as col,
              (select f.confrelid::regclass::text from pg_constraint f
                where f.conrelid = format('public.%I', c.table_name)::regclass and f.contype = 'f'
                  and f.conkey = array[(select attnum from pg_attribute
                                         where attrelid = f.conrelid and attname = c.column_name)]
                limit 1) as refs
         from information_schema.columns c
         join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.column_name in ('user_id', 'account_id')`,
    );
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      expect(r.refs, r.col).toBe(r.col.endsWith('.user_id') ? 'auth.users' : 'accounts');
    }
  });

  it('keeps the owner role and the primary owner in step in every account', async () => {
    expect(await ownerMismatches()).toEqual([]);
  });
});

describe('transfer ownership', () => {
  it('hands the account to a manager: roles swap, billing moves, the former owner gets a new own account', async () => {
    const team = await eliteTeam('own-transfer');
    const before = await accountState(team.account);
    expect(before.account).toMatchObject({
      primary_owner_user_id: team.owner.id,
      personal_account: true,
    });

    const { error } = await team.owner.client.rpc('transfer_ownership', {
      p_user_id: team.manager.id,
    });
    expect(error).toBeNull();

    const after = await accountState(team.account);
    expect(after.account).toEqual({
      ...before.account,
      primary_owner_user_id: team.manager.id,
      personal_account: false,
    });
    expect(after.members).toEqual(
      sorted([
        { user_id: team.owner.id, role: 'manager' },
        { user_id: team.manager.id, role: 'owner' },
        { user_id: team.picker.id, role: 'picker' },
      ]),
    );
    // the stockroom itself is as it was; one log line more, written by the former owner
    expect(after.rows).toEqual(before.rows);
    expect(after.logLines).toBe(before.logLines + 1);
    const { rows: line } = await db().query(
      `select user_id, user_email, details from public.storage_logs
        where account_id = $1 and action = 'transfer_ownership'`,
      [team.account],
    );
    expect(line).toEqual([
      {
        user_id: team.owner.id,
        user_email: team.owner.email,
        details: `Transferred ownership from ${team.owner.email} to ${team.manager.email}`,
      },
    ]);

    // billing is the new owner's to read, no longer the former owner's
    const billing = await team.manager.client.from('subscriptions').select('account_id, plan_id');
    expect(billing.data).toEqual([{ account_id: team.account, plan_id: 'elite' }]);
    const formerBilling = await team.owner.client.from('subscriptions').select('account_id');
    expect(formerBilling.error).toBeNull();
    expect(formerBilling.data).toEqual([]);
    const tokens = await team.owner.client.rpc('save_ebay_tokens', { p_access_token: 'x' });
    expect(tokens.error?.code).toBe('42501');

    // the former owner still works here as a manager, and owns a new, empty personal account
    const rooms = await team.owner.client
      .from('storage_rooms')
      .select('room_name')
      .order('room_index');
    expect(rooms.data?.map((r) => r.room_name)).toEqual(['Garage', 'Logged room']);
    const own = await personalAccount(team.owner.id);
    expect(own).toBeDefined();
    expect(own).not.toBe(team.account);
    const ownState = await accountState(own!);
    expect(ownState.account).toMatchObject({
      primary_owner_user_id: team.owner.id,
      plan_id: 'free',
    });
    expect(ownState.members).toEqual([{ user_id: team.owner.id, role: 'owner' }]);
    expect(ownState.rows.storage_rooms).toEqual([]);
    expect(ownState.rows.storage_items).toEqual([]);
    expect(ownState.rows.subscriptions).toMatchObject([{ plan_id: 'free', status: 'active' }]);
    expect(ownState.rows.user_preferences).toHaveLength(1);
    const accounts = await team.owner.client.rpc('my_accounts');
    expect(accounts.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account_id: team.account, role: 'manager', is_current: true }),
        expect.objectContaining({ account_id: own, role: 'owner', is_current: false }),
      ]),
    );
    expect(accounts.data).toHaveLength(2);

    // the new owner cannot be removed or demoted by the former one
    const remove = await team.owner.client.rpc('remove_member', { p_user_id: team.manager.id });
    expect(remove.error?.code).toBe('42501');
    const demote = await team.owner.client.rpc('change_member_role', {
      p_user_id: team.manager.id,
      p_role: 'picker',
    });
    expect(demote.error?.code).toBe('42501');
    expect(await ownerMismatches()).toEqual([]);
  });

  it('is refused to a manager and a picker, to a non-member and to oneself; nothing changes', async () => {
    const team = await eliteTeam('own-refuse');
    const stranger = await createDbUser({ prefix: 'own-refuse-x' });
    const before = await accountState(team.account);
    for (const caller of [team.manager, team.picker]) {
      const { error } = await caller.client.rpc('transfer_ownership', { p_user_id: caller.id });
      expect(error?.code, caller.email).toBe('42501');
      const toOther = await caller.client.rpc('transfer_ownership', { p_user_id: team.picker.id });
      expect(toOther.error?.code, caller.email).toBe('42501');
    }
    const toStranger = await team.owner.client.rpc('transfer_ownership', {
      p_user_id: stranger.id,
    });
    expect(toStranger.error?.code).toBe('PT404');
    expect(toStranger.error?.message).toMatch(/member/i);
    const toSelf = await team.owner.client.rpc('transfer_ownership', { p_user_id: team.owner.id });
    expect(toSelf.error?.code).toBe('22023');
    expect(await accountState(team.account)).toEqual(before);
    expect(await personalAccount(team.owner.id)).toBe(team.account);
  });
});

describe('deleting a user', () => {
  const admin = () => serviceDbClient().auth.admin;

  it('is refused while they own an account with other members, and changes nothing', async () => {
    const team = await eliteTeam('own-del-refused');
    const before = await accountState(team.account);
    const { error } = await admin().deleteUser(team.owner.id);
    expect(error?.status).toBe(500); // supabase-js reads a 500 as retryable and keeps no message
    // Auth's answer itself, as GoTrue gives it
    const env = stack();
    const res = await fetch(`${env.apiUrl}/auth/v1/admin/users/${team.owner.id}`, {
      method: 'DELETE',
      headers: { apikey: env.serviceRoleKey, authorization: `Bearer ${env.serviceRoleKey}` },
    });
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).toContain('Database error deleting user');
    // the database says why
    const direct = await db()
      .query('delete from auth.users where id = $1', [team.owner.id])
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(direct?.message).toMatch(/transfer its ownership first/);
    expect(direct?.message).toContain(team.owner.email);
    const { rows } = await db().query('select 1 from auth.users where id = $1', [team.owner.id]);
    expect(rows).toHaveLength(1);
    expect(await accountState(team.account)).toEqual(before);
    const stillWorks = await team.picker.client.from('storage_items').select('item_id');
    expect(stillWorks.data).toHaveLength(3);
  });

  it('after a transfer removes the former owner; the account, its members and its data remain', async () => {
    const team = await eliteTeam('own-del-after');
    const transferred = await team.owner.client.rpc('transfer_ownership', {
      p_user_id: team.manager.id,
    });
    expect(transferred.error).toBeNull();
    const formerOwn = await personalAccount(team.owner.id);
    const before = await accountState(team.account);

    const { error } = await admin().deleteUser(team.owner.id);
    expect(error).toBeNull();

    const after = await accountState(team.account);
    expect(after.account).toEqual(before.account);
    expect(after.rows).toEqual(before.rows);
    expect(after.logLines).toBe(before.logLines); // their lines stay, without the link to them
    expect(after.members).toEqual(
      sorted([
        { user_id: team.manager.id, role: 'owner' },
        { user_id: team.picker.id, role: 'picker' },
      ]),
    );
    const { rows: lines } = await db().query<{ n: number }>(
      'select count(*)::int as n from public.storage_logs where account_id = $1 and user_id = $2',
      [team.account, team.owner.id],
    );
    expect(lines[0]!.n).toBe(0);
    // the account they owned alone went with them
    expect((await accountState(formerOwn!)).account).toBeNull();
    // the new owner and the picker go on working
    const items = await team.picker.client.from('storage_items').select('item_id');
    expect(items.data).toHaveLength(3);
    const billing = await team.manager.client.from('subscriptions').select('plan_id');
    expect(billing.data).toEqual([{ plan_id: 'elite' }]);
    expect(await ownerMismatches()).toEqual([]);
  });

  it('never deletes an account someone else owns; a lone owner goes with their stockroom', async () => {
    const team = await eliteTeam('own-del-members');
    const pickerOwn = await personalAccount(team.picker.id);
    const before = await accountState(team.account);
    for (const member of [team.picker, team.manager]) {
      const { error } = await admin().deleteUser(member.id);
      expect(error, member.email).toBeNull();
    }
    const after = await accountState(team.account);
    expect(after.account).toEqual(before.account);
    expect(after.rows).toEqual(before.rows);
    expect(after.members).toEqual([{ user_id: team.owner.id, role: 'owner' }]);
    expect((await accountState(pickerOwn!)).account).toBeNull();

    // now alone in it, the owner can be deleted, and the account with everything in it goes
    const { error } = await admin().deleteUser(team.owner.id);
    expect(error).toBeNull();
    const gone = await accountState(team.account);
    expect(gone.account).toBeNull();
    expect(gone.members).toEqual([]);
    for (const [table, rows] of Object.entries(gone.rows)) expect(rows, table).toEqual([]);
    expect(gone.logLines).toBe(0);
  });
});

describe('a second account', () => {
  it('was untouched throughout', async () => {
    expect(await accountState(other.accountId)).toEqual(otherBefore);
  });
});
