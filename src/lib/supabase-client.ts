import type { SupabaseClient } from './supabase';

export { whenSupabaseLoads } from './supabase-loaded';

/**
 * The Supabase client, loaded on first use. supabase-js is the largest dependency of the app;
 * the public pages paint without waiting for it, and the code that needs the client (the
 * session provider and data functions reachable from the landing bundle) awaits this instead
 * of importing `./supabase` statically. Screens behind sign-in may import `./supabase` directly.
 */
export function loadSupabase(): Promise<SupabaseClient> {
  return import('./supabase').then((module) => module.supabase);
}

/** supabase-js's storage key for the session (and its PKCE verifier, which ends the same way). */
export function isSessionStorageKey(key: string | null): boolean {
  return key !== null && key.startsWith('sb-') && key.includes('-auth-token');
}

/**
 * Whether this visit may hold a session: one stored by an earlier visit, or one arriving in the
 * address (a confirmation, recovery or magic link, or an error from Auth). A first-time visitor
 * on the landing page has neither, and need not download supabase-js to be told "signed out".
 */
export function mayHoldSession(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      if (isSessionStorageKey(window.localStorage.key(i))) return true;
    }
  } catch {
    return true; // storage unreadable: ask supabase-js, which knows what it can use
  }
  const address = `${window.location.search}&${window.location.hash.replace(/^#/, '')}`;
  return /[?&](access_token|refresh_token|code|token_hash|error|error_description)=/.test(address);
}
