import { useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { followAuthState } from '../../data/auth/follow-auth-state';
import { isExpiredJwtError } from '../../data/auth/retry';
import { refreshSessionWithRetry } from '../../data/auth/session-refresh';
import { forgetDevice } from '../../data/offline/device-cache';
import { AuthContext, type AuthContextValue } from './auth-context';
import { authReducer, initialAuthState, type AuthState } from './auth-state';
import { assuranceOf } from './mfa';

type LocalEvent = 'END_RECOVERY' | 'SIGN_OUT_STARTED' | 'SIGN_OUT_FAILED';
type Action = Parameters<typeof authReducer>[1] | { event: LocalEvent };

function reducer(state: AuthState, action: Action): AuthState {
  switch (action.event) {
    case 'END_RECOVERY':
      return { ...state, recovering: false };
    case 'SIGN_OUT_STARTED':
      return { ...state, signingOut: true };
    case 'SIGN_OUT_FAILED':
      return { ...state, signingOut: false };
    default:
      return authReducer(state, action);
  }
}

/**
 * Holds the session for the whole app and follows every auth event supabase-js emits (SPEC 4).
 * The callback only records the event: supabase-js warns against awaiting other auth calls
 * inside it, and everything else (cache clearing, refresh) happens in effects.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, initialAuthState);
  const queryClient = useQueryClient();

  useEffect(() => followAuthState((event, session) => dispatch({ event, session })), []);

  // Cached data belongs to one user: drop it when they sign out or someone else signs in.
  const userId = state.user?.id ?? null;
  const previousUserId = useRef<string | null>(null);
  useEffect(() => {
    if (state.status === 'loading') return;
    const previous = previousUserId.current;
    if (previous !== null && previous !== userId) {
      queryClient.clear();
      // Signed out (by the seller or an ended session): their copies on this device go too
      // (their own account's and those of the accounts they are a member of).
      // Another seller signing in has a database of their own and never opens this one.
      if (userId === null) void forgetDevice(previous);
    }
    previousUserId.current = userId;
  }, [state.status, userId, queryClient]);

  // The stockroom kept on the device (data/offline) is the current account's: the account
  // feature reads it back and keeps it up to date; sign-out above deletes every copy of the user.

  // MFA_CHALLENGE_VERIFIED (or a token from another tab) raised the session to aal2: anything
  // fetched before, at aal1, came back empty from the database's two-factor gate. Fetch again.
  const level = assuranceOf(state.session).currentLevel;
  const previousLevel = useRef(level);
  useEffect(() => {
    const before = previousLevel.current;
    previousLevel.current = level;
    if (before === 'aal1' && level === 'aal2') void queryClient.invalidateQueries();
  }, [level, queryClient]);

  // A query rejected with "JWT expired" (a laptop woke after the token's expiry, before
  // supabase-js's own timer ran) triggers one refresh, then the failed queries run again.
  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (!isExpiredJwtError(event.action.error)) return;
      refreshSessionWithRetry()
        .then(() => queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' }))
        .catch(() => {
          // A non-retryable failure already removed the session (SIGNED_OUT follows).
        });
    });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      endRecovery: () => dispatch({ event: 'END_RECOVERY' }),
      signOutStarted: () => dispatch({ event: 'SIGN_OUT_STARTED' }),
      signOutFailed: () => dispatch({ event: 'SIGN_OUT_FAILED' }),
    }),
    [state],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
