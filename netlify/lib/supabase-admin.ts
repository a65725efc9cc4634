import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

/**
 * supabase-js with the service role key, for server work no browser may do (scheduled backups,
 * billing state). It bypasses RLS, so functions must authorise the caller themselves before
 * acting for a user. Read from the environment on first use, as on Netlify.
 */
let admin: SupabaseClient | null = null;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set for the Netlify functions`);
  return value;
}

export function supabaseAdmin(): SupabaseClient {
  admin ??= createClient(required('SUPABASE_URL'), required('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket and supabase-js builds its realtime client eagerly.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  return admin;
}
