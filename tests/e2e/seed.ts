/**
 * The one place the e2e tests make sellers and their stockrooms: with SQL on the test database,
 * as if the seller had signed up and built their storage earlier. The stack is fresh for every
 * run, so nothing made here is ever deleted.
 */
import { createClient } from '@supabase/supabase-js';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import ws from 'ws';
import { seedEliteStock, ELITE } from '../../bench/seed-elite';
import { totp } from '../helpers/totp';
import type { PlanId } from '../../src/domain/plans';
import { accountIdOf, userIdOf } from '../../src/domain/ids';
import { deviceDbName } from '../../src/data/offline/device-db';
import { e2eEnv } from './env';

export const PASSWORD = 'Shelf-Life-2026!';

export interface SellerAccount {
  /** The user's id (auth.users): the person, for team functions, Auth and log lines. */
  id: string;
  /**
   * The account that holds the seller's stockroom (their personal account, made at sign-up with
   * an id of its own): every stockroom row, preference and subscription belongs to it.
   */
  accountId: string;
  email: string;
  password: string;
  /** The part of the e-mail before the @, as the app shows it. */
  name: string;
}

let pool: pg.Pool | null = null;

/**
 * The name of the IndexedDB database holding a seller's copy of their stockroom on the device, as
 * the app names it (src/data/offline/device-db.ts): per user and account.
 */
export function deviceDbOf(seller: Pick<SellerAccount, 'id' | 'accountId'>): string {
  return deviceDbName(accountIdOf(seller.accountId), userIdOf(seller.id));
}

/** A superuser pool on the test database, one per worker: for fixtures and assertions. */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: e2eEnv.dbUrl, max: 3 });
  return pool;
}

let counter = 0;

/** An address no other test (or earlier run against the same stack) has used. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `e2e-${tag}-${Date.now().toString(36)}-${counter}-${random}@example.com`;
}

// One bcrypt hash per worker: hashing is the slow part of making a user, and every e2e seller
// has the same password.
let passwordHash: Promise<string> | null = null;
function hashOf(password: string): Promise<string> {
  if (password !== PASSWORD) return bcrypt.hash(password, 10);
  passwordHash ??= bcrypt.hash(PASSWORD, 10);
  return passwordHash;
}

/**
 * A confirmed user with a password, made with one INSERT into auth.users: the new-user trigger
 * gives them a profile and their personal account (a new id, not the user's) with preferences and
 * a free subscription, as a sign-up would.
 */
export async function createSeller(
  opts: { tag?: string; email?: string; plan?: PlanId; password?: string } = {},
): Promise<SellerAccount> {
  const email = opts.email ?? uniqueEmail(opts.tag ?? 'seller');
  const password = opts.password ?? PASSWORD;
  const id = crypto.randomUUID();
  await db().query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now(),
             '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb, now(), now())`,
    [id, email, await hashOf(password)],
  );
  const account = await db().query<{ id: string }>(
    `select id from public.accounts where personal_account and primary_owner_user_id = $1`,
    [id],
  );
  const accountId = account.rows[0]?.id;
  if (!accountId) throw new Error(`no account was made for ${email}`);
  if (opts.plan && opts.plan !== 'free') await setPlan(accountId, opts.plan);
  return { id, accountId, email, password, name: email.slice(0, email.indexOf('@')) };
}

/**
 * Puts an account on a plan the way the billing server does after a Stripe event: the
 * subscription row, whose trigger moves the enforced plan along.
 */
export async function setPlan(accountId: string, plan: PlanId): Promise<void> {
  const { rowCount } = await db().query(
    `update public.subscriptions set plan_id = $2, status = 'active' where account_id = $1`,
    [accountId, plan],
  );
  if (rowCount !== 1) throw new Error(`no subscription for account ${accountId}`);
}

/** What supabase-js keeps in the browser's localStorage after a sign-in. */
export interface StoredSession {
  key: string;
  value: string;
}

/** A supabase-js client in Node that keeps its session in the given map. */
function nodeClient(stored: Map<string, string>) {
  return createClient(e2eEnv.apiUrl, e2eEnv.anonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => stored.get(key) ?? null,
        setItem: (key, value) => void stored.set(key, value),
        removeItem: (key) => void stored.delete(key),
      },
    },
    // Node 20 has no global WebSocket; supabase-js builds a realtime client eagerly.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

/**
 * Signs in from Node through Auth's password grant, with the app's own client library, and
 * returns what that library stored: the very session and token the sign-in form would have got.
 */
export async function signInFromNode(email: string, password = PASSWORD): Promise<StoredSession> {
  const stored = new Map<string, string>();
  const { error } = await nodeClient(stored).auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} from Node: ${error.message}`);
  return storedSession(stored);
}

/** The session supabase-js keeps under its `sb-…-auth-token` key. */
function storedSession(stored: Map<string, string>): StoredSession {
  const entry = [...stored.entries()].find(([key]) => key.endsWith('-auth-token'));
  if (!entry) throw new Error('supabase-js stored no session');
  return { key: entry[0], value: entry[1] };
}

/**
 * Puts a session into a browser context's storage before the app's first script runs, once: a
 * sign-out in the test stays signed out across reloads.
 */
export async function placeSession(
  context: import('@playwright/test').BrowserContext,
  session: StoredSession,
): Promise<void> {
  await context.addInitScript(
    ({ key, value, origin }) => {
      if (window.location.origin !== origin) return;
      try {
        if (window.localStorage.getItem('e2e-session-placed') === key) return;
        window.localStorage.setItem(key, value);
        window.localStorage.setItem('e2e-session-placed', key);
      } catch {
        // storage blocked in this frame: nothing to place
      }
    },
    { ...session, origin: new URL(e2eEnv.appUrl).origin },
  );
}

export type UnitType = 'bay' | 'box' | 'cabinet' | 'bin';

export interface SeedItem {
  name: string;
  quantity?: number;
  barcode?: string | null;
  sku?: string | null;
  price?: number | null;
  /** 'YYYY-MM-DD' */
  expiry?: string | null;
  reorder_level?: number | null;
}

export interface SeedUnit {
  /** Named A, B… by the database when left out. */
  name?: string;
  type?: UnitType;
  /** Shelves 1…n and the items on each. */
  shelves: SeedItem[][];
}

export interface SeedIsle {
  index: number;
  units: SeedUnit[];
}

export interface SeedRoom {
  name: string;
  isles: SeedIsle[];
}

export interface SeededShelf {
  id: string;
  index: number;
  itemIds: string[];
}
export interface SeededUnit {
  id: string;
  name: string;
  shelves: SeededShelf[];
}
export interface SeededIsle {
  id: string;
  index: number;
  units: SeededUnit[];
}
export interface SeededRoom {
  id: string;
  name: string;
  isles: SeededIsle[];
}

/**
 * Builds rooms › isles › units › shelves › items for an account in one transaction, as the
 * superuser; the database's triggers (numbering, plan limits) run as for the seller. Items are
 * created a second apart in the given order, so "newest first" is the reverse of it.
 */
export async function seedStorage(accountId: string, rooms: SeedRoom[]): Promise<SeededRoom[]> {
  const client = await db().connect();
  let created = Date.UTC(2026, 0, 1);
  try {
    await client.query('begin');
    const seeded: SeededRoom[] = [];
    for (const room of rooms) {
      const r = await client.query<{ room_id: string }>(
        `insert into public.storage_rooms (account_id, room_name) values ($1, $2) returning room_id`,
        [accountId, room.name],
      );
      const roomRow: SeededRoom = { id: r.rows[0]!.room_id, name: room.name, isles: [] };
      for (const isle of room.isles) {
        const i = await client.query<{ isle_id: string }>(
          `insert into public.storage_isles (account_id, room_id, isle_index) values ($1, $2, $3)
           returning isle_id`,
          [accountId, roomRow.id, isle.index],
        );
        const isleRow: SeededIsle = { id: i.rows[0]!.isle_id, index: isle.index, units: [] };
        for (const unit of isle.units) {
          const u = await client.query<{ unit_id: string; unit_name: string }>(
            `insert into public.storage_units (account_id, isle_id, unit_type, unit_name)
             values ($1, $2, $3, $4) returning unit_id, unit_name`,
            [accountId, isleRow.id, unit.type ?? 'box', unit.name ?? null],
          );
          const unitRow: SeededUnit = {
            id: u.rows[0]!.unit_id,
            name: u.rows[0]!.unit_name,
            shelves: [],
          };
          for (const [position, items] of unit.shelves.entries()) {
            const s = await client.query<{ shelf_id: string }>(
              `insert into public.storage_shelves (account_id, unit_id, shelf_index) values ($1, $2, $3)
               returning shelf_id`,
              [accountId, unitRow.id, position + 1],
            );
            const shelfId = s.rows[0]!.shelf_id;
            const rows = items.map((item) => {
              created += 1000;
              return {
                item_name: item.name,
                quantity: item.quantity ?? 1,
                barcode: item.barcode ?? null,
                sku: item.sku ?? null,
                price_paid: item.price ?? null,
                expiry_date: item.expiry ?? null,
                reorder_level: item.reorder_level ?? null,
                created_at: new Date(created).toISOString(),
              };
            });
            const inserted = rows.length
              ? await client.query<{ item_id: string }>(
                  `insert into public.storage_items (account_id, unit_id, shelf_id, item_name, quantity,
                     barcode, sku, price_paid, expiry_date, reorder_level, created_at, updated_at)
                   select $1, $2, $3, r.item_name, r.quantity, r.barcode, r.sku, r.price_paid,
                          r.expiry_date, r.reorder_level, r.created_at, r.created_at
                     from jsonb_array_elements($4::jsonb) with ordinality as e(item, n)
                    cross join lateral jsonb_to_record(e.item) as r(item_name text,
                          quantity int, barcode text, sku text, price_paid numeric, expiry_date date,
                          reorder_level int, created_at timestamptz)
                    order by e.n
                   returning item_id`,
                  [accountId, unitRow.id, shelfId, JSON.stringify(rows)],
                )
              : { rows: [] };
            unitRow.shelves.push({
              id: shelfId,
              index: position + 1,
              itemIds: inserted.rows.map((row) => row.item_id),
            });
          }
          isleRow.units.push(unitRow);
        }
        roomRow.isles.push(isleRow);
      }
      seeded.push(roomRow);
    }
    await client.query('commit');
    return seeded;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * An empty room as the inventory screen would have built it: Garage, isle 1, units A and B with
 * shelves 1-3 each (what an import file names).
 */
export const EMPTY_GARAGE: SeedRoom = {
  name: 'Garage',
  isles: [
    {
      index: 1,
      units: [
        { name: 'A', shelves: [[], [], []] },
        { name: 'B', shelves: [[], [], []] },
      ],
    },
  ],
};

/**
 * The commonest stockroom of the specs: room "Garage" › isle 1 › unit A › shelf 1 holding the
 * given items. Returns the item ids in the given order.
 */
export async function seedShelf(
  accountId: string,
  items: readonly SeedItem[],
  opts: { room?: string; type?: UnitType } = {},
): Promise<{ itemIds: string[]; shelfId: string; unitId: string; isleId: string; roomId: string }> {
  const [room] = await seedStorage(accountId, [
    {
      name: opts.room ?? 'Garage',
      isles: [{ index: 1, units: [{ type: opts.type, shelves: [[...items]] }] }],
    },
  ]);
  const isle = room!.isles[0]!;
  const unit = isle.units[0]!;
  const shelf = unit.shelves[0]!;
  return {
    itemIds: shelf.itemIds,
    shelfId: shelf.id,
    unitId: unit.id,
    isleId: isle.id,
    roomId: room!.id,
  };
}

export { ELITE };

/**
 * An Elite seller at the plan's limits (10 rooms, 100 units, 500 shelves, 5000 items), seeded with
 * the bench's set-based SQL.
 */
export async function createEliteSeller(tag = 'elite'): Promise<SellerAccount> {
  const seller = await createSeller({ tag, plan: 'elite' });
  const client = await db().connect();
  try {
    await seedEliteStock(client, seller.accountId, seller.email);
  } finally {
    client.release();
  }
  return seller;
}

/** The local calendar date `days` from today, 'YYYY-MM-DD', as the browser on this machine sees it. */
export function localDatePlus(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export type TeamRole = 'manager' | 'picker';

/**
 * Runs one statement as a signed-in user would through the API: their claims and the
 * `authenticated` role, so the team functions check their role and seats as for the browser.
 */
async function queryAs<R extends pg.QueryResultRow>(
  userId: string,
  sql: string,
  params: unknown[],
): Promise<R[]> {
  const client = await db().connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated', aal: 'aal1' }),
    ]);
    await client.query('set local role authenticated');
    const result = await client.query<R>(sql, params);
    await client.query('commit');
    return result.rows;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The owner (or a manager) invites an address to their current account; returns the invitation id. */
export async function inviteMember(
  inviter: Pick<SellerAccount, 'id'>,
  email: string,
  role: TeamRole,
): Promise<string> {
  const rows = await queryAs<{ id: string }>(
    inviter.id,
    `select (public.invite_member($1, $2)).id as id`,
    [email, role],
  );
  return rows[0]!.id;
}

/**
 * As if `seconds` had passed since the account's invitation mails were sent: the database allows
 * one mail per address a minute (docs/product.md#team), which a test need not wait out.
 */
export async function invitationMailsAgo(accountId: string, seconds: number): Promise<void> {
  await db().query(
    `update private.invitation_mails set sent_at = sent_at - make_interval(secs => $2)
      where account_id = $1`,
    [accountId, seconds],
  );
}

/**
 * The member joins the owner's account with a role, as if they had accepted an invitation
 * earlier: invited by the owner and accepted by the member through the team functions. The
 * owner's account becomes the member's current one.
 */
export async function joinAccount(
  owner: Pick<SellerAccount, 'id'>,
  member: Pick<SellerAccount, 'id' | 'email'>,
  role: TeamRole,
): Promise<void> {
  const invitation = await inviteMember(owner, member.email, role);
  await queryAs(member.id, `select public.accept_invitation($1)`, [invitation]);
}

/** The owner (or a manager) removes a member from their current account, as the Team screen does. */
export async function removeMember(
  remover: Pick<SellerAccount, 'id'>,
  member: Pick<SellerAccount, 'id'>,
): Promise<void> {
  await queryAs(remover.id, `select public.remove_member($1)`, [member.id]);
}

/**
 * Turns two-factor on for the account as Settings › Security does (enrol a TOTP factor and
 * verify it, with the seller's own session) and returns the secret an authenticator app holds.
 */
export async function enrolTotp(
  account: Pick<SellerAccount, 'email' | 'password'>,
): Promise<string> {
  const client = nodeClient(new Map());
  const signedIn = await client.auth.signInWithPassword(account);
  if (signedIn.error) throw signedIn.error;
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'e2e phone' });
  if (enrolled.error) throw enrolled.error;
  const secret = enrolled.data.totp.secret;
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: totp(secret),
  });
  if (verified.error) throw verified.error;
  await client.auth.signOut({ scope: 'local' });
  return secret;
}

/**
 * Signs in from Node with the password and then the authenticator's code, as the sign-in form's
 * code step does, and returns the stored (aal2) session for placeSession.
 */
export async function signInWithCodeFromNode(
  email: string,
  password: string,
  secret: string,
): Promise<StoredSession> {
  const stored = new Map<string, string>();
  const client = nodeClient(stored);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw new Error(`sign-in of ${email} from Node: ${signedIn.error.message}`);
  const factors = await client.auth.mfa.listFactors();
  const factor = factors.data?.totp[0];
  if (!factor) throw new Error(`${email} has no verified authenticator`);
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: totp(secret),
  });
  if (verified.error) throw new Error(`code of ${email} from Node: ${verified.error.message}`);
  return storedSession(stored);
}

/** The account's "confirm before moving" preference, as Settings would save it. */
export async function setDragConfirm(accountId: string, on: boolean): Promise<void> {
  await db().query(
    `insert into public.user_preferences (account_id, drag_confirm) values ($1, $2)
     on conflict (account_id) do update set drag_confirm = excluded.drag_confirm`,
    [accountId, on],
  );
}
