import { useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { followAuthState } from '../../data/auth/follow-auth-state';
import {
  useCachesFollowUser,
  useRefetchWhenRaised,
  useRefreshOnExpiredToken,
} from '../../data/auth/session-caches';
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
 * Holds the session for the whole app and follows every auth event supabase-js emits
 * (docs/product.md#sessions).
 * The callback only records the event: supabase-js warns against awaiting other auth calls
 * inside it, and everything else (cache clearing, refresh) happens in effects.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, initialAuthState);

  useEffect(() => followAuthState((event, session) => dispatch({ event, session })), []);

  // Cached data belongs to one user: dropped when they sign out or someone else signs in, and
  // their copies on the device with it when they sign out.
  useCachesFollowUser(state.user?.id ?? null, state.status !== 'loading');

  // The stockroom kept on the device (data/offline) is the current account's: the account
  // feature reads it back and keeps it up to date; sign-out above deletes every copy of the user.

  // A session raised to aal2 reads again what aal1 could not; an expired token is refreshed
  // and the queries it failed run again.
  useRefetchWhenRaised(assuranceOf(state.session).currentLevel);
  useRefreshOnExpiredToken();

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
