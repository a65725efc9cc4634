import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import type { TestStackEnv } from '../integration/global-setup.ts';

/** The running test stack's URLs and keys (see tests/integration/global-setup.ts). */
export function stack(): TestStackEnv {
  return inject('stack');
}

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** A supabase-js client as the browser has it: anon key, no stored session. */
export function anonClient(): SupabaseClient {
  const env = stack();
  return createClient(env.apiUrl, env.anonKey, { auth: noSession });
}

/** A client with the service role key, as the Netlify functions have it. */
export function serviceClient(): SupabaseClient {
  const env = stack();
  return createClient(env.apiUrl, env.serviceRoleKey, { auth: noSession });
}
