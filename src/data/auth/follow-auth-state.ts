import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import {
  isSessionStorageKey,
  loadSupabase,
  mayHoldSession,
  whenSupabaseLoads,
} from '../../lib/supabase-client';

export type AuthStateListener = (event: AuthChangeEvent, session: Session | null) => void;

/**
 * Calls `listener` with every auth event supabase-js emits (docs/product.md#sessions) until the
 * returned function is called. A visit with no stored session and nothing in the address is told
 * INITIAL_SESSION with no session at once, without downloading the client; it is followed as soon
 * as anything loads the client (the sign-in form) or another tab signs in.
 */
export function followAuthState(listener: AuthStateListener): () => void {
  let unsubscribe: (() => void) | undefined;
  let active = true;
  const follow = (supabase: Awaited<ReturnType<typeof loadSupabase>>) => {
    if (!active || unsubscribe) return;
    const { data } = supabase.auth.onAuthStateChange(listener);
    unsubscribe = () => data.subscription.unsubscribe();
  };
  const start = () => {
    loadSupabase()
      .then(follow)
      .catch((error: unknown) => {
        // The client could not load (offline on first visit): treat as signed out so public
        // pages and the sign-in form still work, and report the cause.
        console.error('Could not start the session client', error);
        if (active) listener('INITIAL_SESSION', null);
      });
  };
  if (mayHoldSession()) {
    start();
    return () => {
      active = false;
      unsubscribe?.();
    };
  }
  listener('INITIAL_SESSION', null);
  const stopWaiting = whenSupabaseLoads(follow);
  const onStorage = (event: StorageEvent) => {
    if (isSessionStorageKey(event.key) && event.newValue) start();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    active = false;
    stopWaiting();
    window.removeEventListener('storage', onStorage);
    unsubscribe?.();
  };
}
