import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

// Kept apart from `./supabase-client` (which imports `./supabase` on demand) so that `./supabase`
// can announce itself here without an import cycle.
type AppClient = SupabaseClient<Database>;

let created: AppClient | null = null;
const listeners = new Set<(client: AppClient) => void>();

/** Called once by `./supabase` when the client exists, however it came to be imported. */
export function announceSupabase(client: AppClient): void {
  created = client;
  for (const listener of listeners) listener(client);
  listeners.clear();
}

/** Runs `listener` when the client exists (at once if it does); returns a way to stop waiting. */
export function whenSupabaseLoads(listener: (client: AppClient) => void): () => void {
  if (created) {
    listener(created);
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

