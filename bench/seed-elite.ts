import '../local/node-websocket.ts';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import type { StackEnv } from '../local/stack.ts';
import { deviceDbName } from '../src/data/offline/device-db.ts';
import { accountIdOf, userIdOf } from '../src/domain/ids.ts';

export const ELITE = {
  rooms: 10,
  islesPerRoom: 2,
  unitsPerIsle: 5,
  shelvesPerUnit: 5,
  items: 5000,
  logDays: 730,
};

export interface SeededSeller {
  /** The person (auth.users.id): signs in, names the device copy. */
  userId: string;
  /** Their personal account (its own id, made at sign-up): holds the stockroom. */
  accountId: string;
  email: string;
  password: string;
}

/** The IndexedDB database of the seller's device copy, as the app names it (per user and account). */
export function deviceDbOf(seller: SeededSeller): string {
  return deviceDbName(accountIdOf(seller.accountId), userIdOf(seller.userId));
}

/**
 * An Elite seller at the plan's limits: 10 rooms, 100 units (500 shelves), 5000 items and two
 * years of activity log. Rows go in with set-based SQL; triggers are switched off for the load
 * only (every value they would fill in is given), so seeding takes seconds, not minutes.
 */
export interface Layout {
  rooms: number;
  islesPerRoom: number;
  unitsPerIsle: number;
  shelvesPerUnit: number;
}

export async function seedEliteSeller(
  env: StackEnv,
  opts: { items?: number; layout?: Layout } = {},
): Promise<SeededSeller> {
  const itemCount = opts.items ?? ELITE.items;
  const layout = opts.layout ?? ELITE;
  const email = `elite-${Date.now()}@stockroom.test`;
  const password = 'elite-bench-password';
  const admin = createClient(env.API_URL, env.SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const userId = created.data.user.id;

  const db = new pg.Client({ connectionString: env.DB_URL });
  await db.connect();
  let accountId: string;
  try {
    const { rows } = await db.query<{ id: string }>(
      'select id from public.accounts where personal_account and primary_owner_user_id = $1',
      [userId],
    );
    if (!rows[0]) throw new Error(`no account was made for ${email}`);
    accountId = rows[0].id;
    await db.query(
      `update public.subscriptions set plan_id = 'elite', status = 'active' where account_id = $1`,
      [accountId],
    );
    await seedEliteStock(db, accountId, email, { items: itemCount, layout });
  } finally {
    await db.end();
  }
  return { userId, accountId, email, password };
}

/**
 * The storage, items and two years of activity log of an Elite seller at the plan's limits, for
 * an account that exists (its plan is the caller's business). Set-based SQL over a superuser
 * connection; triggers are off for the load only (every value they would fill in is given).
 */
export async function seedEliteStock(
  db: pg.ClientBase,
  accountId: string,
  email: string,
  opts: { items?: number; layout?: Layout } = {},
): Promise<void> {
  const itemCount = opts.items ?? ELITE.items;
  const layout = opts.layout ?? ELITE;
  try {
    await db.query('begin');
    await db.query(`set local session_replication_role = replica`);
    await db.query(
      `insert into public.storage_rooms (room_id, account_id, room_name, room_index, active)
         select gen_random_uuid(), $1, 'Room ' || r, r, true from generate_series(1, $2) r`,
      [accountId, layout.rooms],
    );
    await db.query(
      `insert into public.storage_isles (isle_id, account_id, room_id, isle_index, position_x, position_z)
         select gen_random_uuid(), $1, r.room_id, i, (i - 1) * 4, 0
           from public.storage_rooms r, generate_series(1, $2) i where r.account_id = $1`,
      [accountId, layout.islesPerRoom],
    );
    await db.query(
      `insert into public.storage_units (unit_id, account_id, isle_id, unit_name, unit_type, unit_index)
         select gen_random_uuid(), $1, i.isle_id, private.alpha_label(u),
                (array['bay','box','cabinet','bin'])[1 + (u % 4)], u
           from public.storage_isles i, generate_series(1, $2) u where i.account_id = $1`,
      [accountId, layout.unitsPerIsle],
    );
    await db.query(
      `insert into public.storage_shelves (shelf_id, account_id, unit_id, shelf_index)
         select gen_random_uuid(), $1, u.unit_id, s
           from public.storage_units u, generate_series(1, $2) s where u.account_id = $1`,
      [accountId, layout.shelvesPerUnit],
    );
    await db.query(
      `with shelves as (
         select shelf_id, unit_id, row_number() over (order by shelf_id) - 1 as n, count(*) over () as total
           from public.storage_shelves where account_id = $1
       )
       insert into public.storage_items (item_id, account_id, item_name, quantity, unit_id, shelf_id, barcode, sku,
                                         price_paid, created_at, updated_at)
         select gen_random_uuid(), $1,
                'Item ' || g || ' ' || (array['vintage lamp','denim jacket','building set','camera lens',
                  'vinyl record','board game','trainers','wool scarf'])[1 + g % 8], 1 + g % 7, s.unit_id, s.shelf_id,
                lpad((200000000000 + g)::text, 12, '0'), 'SKU-' || g, (g % 5000) / 100.0,
                now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
           from generate_series(1, $2) g
           join shelves s on s.n = g % s.total`,
      [accountId, itemCount],
    );
    await db.query(
      `insert into public.storage_logs (account_id, user_email, action, details, "timestamp")
         select $1, $2, (array['add_item','move_item','update_item','remove_item'])[1 + g % 4],
                'Bench entry ' || g, now() - (g * 2 || ' hours')::interval
           from generate_series(1, $3) g`,
      [accountId, email, ELITE.logDays * 12],
    );
    await db.query('commit');
    await db.query('analyze');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  }
}
