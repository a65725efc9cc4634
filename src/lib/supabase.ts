import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types';
import { getEnv } from './env';
import { retryingFetch } from './retrying-fetch';
import { announceSupabase } from './supabase-loaded';

const env = getEnv();

/**
 * The one Supabase client of the SPA. Only feature data-access files (`src/features/*`) use
 * it; components go through those. supabase-js keeps the session in localStorage, refreshes
 * it before expiry (retrying retryable failures with a doubling 200 ms back-off) and picks up
 * sessions from confirmation and recovery links.
 */
export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
  },
  // Live updates (src/data/live-sync) beat every 30 s and give up on a reply after 10 s
  // (docs/architecture.md#live-sync).
  realtime: { heartbeatIntervalMs: 30_000, timeout: 10_000 },
  // A change answered 503 (the database restarting) is sent again, as postgrest-js does reads.
  global: { fetch: retryingFetch() },
});

export type SupabaseClient = typeof supabase;

announceSupabase(supabase);
