import '../local/node-websocket.ts';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import type { StackEnv } from '../local/stack.ts';

export const ELITE = {
  rooms: 10,
  islesPerRoom: 2,
  unitsPerIsle: 5,
  shelvesPerUnit: 5,
  items: 5000,
  logDays: 730,
};

export interface SeededSeller {
  userId: string;
  email: string;
  password: string;
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
  try {
    await db.query(
      `update public.subscriptions set plan_id = 'elite', status = 'active' where user_id = $1`,
      [userId],
    );
    await seedEliteStock(db, userId, email, { items: itemCount, layout });
  } finally {
    await db.end();
  }
  return { userId, email, password };
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
  const userId = accountId;
  try {
    await db.query('begin');
    await db.query(`set local session_replication_role = replica`);
    await db.query(
      `insert into public.storage_rooms (room_id, user_id, room_name, room_index, active)
         select gen_random_uuid(), $1, 'Room ' || r, r, true from generate_series(1, $2) r`,
      [userId, layout.rooms],
    );
    await db.query(
      `insert into public.storage_isles (isle_id, user_id, room_id, isle_index, position_x, position_z)
         select gen_random_uuid(), $1, r.room_id, i, (i - 1) * 4, 0
           from public.storage_rooms r, generate_series(1, $2) i where r.user_id = $1`,
      [userId, layout.islesPerRoom],
    );
    await db.query(
      `insert into public.storage_units (unit_id, user_id, isle_id, unit_name, unit_type, unit_index)
         select gen_random_uuid(), $1, i.isle_id, private.alpha_label(u),
                (array['bay','box','cabinet','bin'])[1 + (u % 4)], u
           from public.storage_isles i, generate_series(1, $2) u where i.user_id = $1`,
      [userId, layout.unitsPerIsle],
    );
    await db.query(
      `insert into public.storage_shelves (shelf_id, user_id, unit_id, shelf_index)
         select gen_random_uuid(), $1, u.unit_id, s
           from public.storage_units u, generate_series(1, $2) s where u.user_id = $1`,
      [userId, layout.shelvesPerUnit],
    );
    await db.query(
      `with shelves as (
         select shelf_id, unit_id, row_number() over (order by shelf_id) - 1 as n, count(*) over () as total
           from public.storage_shelves where user_id = $1
       )
       insert into public.storage_items (item_id, user_id, item_name, quantity, unit_id, shelf_id, barcode, sku,
                                         price_paid, created_at, updated_at)
         select gen_random_uuid(), $1,
                'Item ' || g || ' ' || (array['vintage lamp','denim jacket','building set','camera lens',
                  'vinyl record','board game','trainers','wool scarf'])[1 + g % 8], 1 + g % 7, s.unit_id, s.shelf_id,
                lpad((200000000000 + g)::text, 12, '0'), 'SKU-' || g, (g % 5000) / 100.0,
                now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
           from generate_series(1, $2) g
           join shelves s on s.n = g % s.total`,
      [userId, itemCount],
    );
    await db.query(
      `insert into public.storage_logs (user_id, user_email, action, details, "timestamp")
         select $1, $2, (array['add_item','move_item','update_item','remove_item'])[1 + g % 4],
                'Bench entry ' || g, now() - (g * 2 || ' hours')::interval
           from generate_series(1, $3) g`,
      [userId, email, ELITE.logDays * 12],
    );
    await db.query('commit');
    await db.query('analyze');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  }
}
