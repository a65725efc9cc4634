import type { SupabaseClient } from './supabase';

/**
 * The Supabase client, loaded on first use. supabase-js is the largest dependency of the app;
 * the public pages paint without waiting for it, and the code that needs the client (the
 * session provider and data functions reachable from the landing bundle) awaits this instead
 * of importing `./supabase` statically. Screens behind sign-in may import `./supabase` directly.
 */
export function loadSupabase(): Promise<SupabaseClient> {
  return import('./supabase').then((module) => module.supabase);
}
