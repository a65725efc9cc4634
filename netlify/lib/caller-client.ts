import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

/** Where the functions reach the database as a caller: the project and its public key. */
export interface CallerClientEnv {
  url: string;
  anonKey: string;
}

/**
 * The project URL and public key from the environment. The service key stands in for the public
 * one when only it is set (it is only the gateway's key here: what the database lets the caller
 * do is decided by the caller's own token).
 */
export function callerClientEnv(): CallerClientEnv {
  const url = process.env.SUPABASE_URL;
  const anonKey = process.env.SUPABASE_ANON_KEY ?? process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !anonKey)
    throw new Error('SUPABASE_URL or SUPABASE_ANON_KEY is not set for the Netlify functions');
  return { url, anonKey };
}

/**
 * supabase-js acting as the CALLER: their access token on every request, so RLS, the role
 * checks and the account they act on are the database's, exactly as for the app. The one way
 * the functions call the database as the caller (the admin client, supabase-admin.ts, is the
 * other way: the service role, for work no caller may do). Tokens are never logged.
 */
export function callerClient(
  token: string,
  env: CallerClientEnv = callerClientEnv(),
): SupabaseClient {
  return createClient(env.url, env.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
    // Node 20 has no global WebSocket and supabase-js builds its realtime client eagerly.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}
