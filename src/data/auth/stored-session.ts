import type { Session } from '@supabase/supabase-js';
import { loadSupabase } from '../../lib/supabase-client';

/** The session kept from an earlier visit (refreshed first by supabase-js if it expired). */
export async function getStoredSession(): Promise<Session | null> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session;
}
