import './node-websocket.ts';
import { createClient } from '@supabase/supabase-js';
import { seedDemoStockroom } from './demo-stockroom.ts';
import type { StackEnv } from './stack.ts';

export const DEMO_ACCOUNT = { email: 'demo@stockroom.test', password: 'stockroom-demo' };

/**
 * A confirmed demo seller with a stocked stockroom, created once per database, so `npm start`
 * can be tried at once.
 */
export async function seedDemoAccount(env: StackEnv): Promise<void> {
  const admin = createClient(env.API_URL, env.SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await admin.auth.admin.listUsers({ page: 1, perPage: 1000 });
  if (error) throw error;
  if (data.users.some((u) => u.email === DEMO_ACCOUNT.email)) return;
  const created = await admin.auth.admin.createUser({
    email: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  // the stockroom belongs to the personal account the sign-up made (its id is not the user's)
  const account = await admin
    .from('accounts')
    .select('id')
    .eq('primary_owner_user_id', created.data.user.id)
    .eq('personal_account', true)
    .single();
  if (account.error) throw account.error;
  await seedDemoStockroom(env.DB_URL, account.data.id);
}
