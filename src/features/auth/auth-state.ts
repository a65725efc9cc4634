import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { userIdOf, type UserId } from '../../domain/ids';
import { nameFromEmail } from './user-name';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AppUser {
  /** The person signed in (never the account they act on: see features/account). */
  id: UserId;
  email: string;
  /** The part of the e-mail before the '@' (docs/product.md#sessions). */
  name: string;
}

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  user: AppUser | null;
  /** True after a recovery link signed the user in: they should choose a new password. */
  recovering: boolean;
  /** The user asked to sign out and the request is under way. */
  signingOut: boolean;
  /** The last sign-out was the user's own choice (not an expired or revoked session). */
  signedOutByUser: boolean;
  /**
   * The session ended without the user asking (a password change on another device, a session
   * Auth no longer knows, a refresh it refused): the sign-in page says so.
   */
  sessionEnded: boolean;
  /**
   * With sessionEnded: the ended session's last access token, the device's proof that it held
   * the session, for the sign-in page to ask why it ended (data/auth/signed-out-reason.ts).
   */
  endedToken: string | null;
}

export const initialAuthState: AuthState = {
  status: 'loading',
  session: null,
  user: null,
  recovering: false,
  signingOut: false,
  signedOutByUser: false,
  sessionEnded: false,
  endedToken: null,
};

export function userFromSession(session: Session | null): AppUser | null {
  if (!session) return null;
  const email = session.user.email ?? '';
  return { id: userIdOf(session.user.id), email, name: nameFromEmail(email) };
}

function withSession(state: AuthState, session: Session | null): AuthState {
  if (!session)
    return { ...state, status: 'unauthenticated', session: null, user: null, recovering: false };
  const user = userFromSession(session);
  // Keep the same user object when nothing visible changed, so a token refresh every hour
  // does not re-render every screen that reads the user.
  const sameUser =
    state.user !== null &&
    user !== null &&
    state.user.id === user.id &&
    state.user.email === user.email;
  return {
    ...state,
    status: 'authenticated',
    session,
    user: sameUser ? state.user : user,
    signedOutByUser: false,
    sessionEnded: false,
    endedToken: null,
  };
}

/** How each auth event (docs/product.md#sessions) changes what the app knows of the session. */
export function authReducer(
  state: AuthState,
  action: { event: AuthChangeEvent; session: Session | null },
): AuthState {
  const { event, session } = action;
  switch (event) {
    case 'INITIAL_SESSION':
      // Stored session read (or not) at start-up: loading ends here.
      return withSession(state, session);
    case 'SIGNED_IN':
      return withSession(state, session);
    case 'SIGNED_OUT': {
      // A second SIGNED_OUT (supabase-js can emit one per removal) keeps what the first said.
      const ended =
        !state.signingOut &&
        (state.status === 'authenticated' ||
          (state.status === 'unauthenticated' && state.sessionEnded));
      return {
        status: 'unauthenticated',
        session: null,
        user: null,
        recovering: false,
        signingOut: false,
        signedOutByUser: state.signingOut,
        sessionEnded: ended,
        endedToken: !ended
          ? null
          : state.status === 'authenticated'
            ? (state.session?.access_token ?? null)
            : state.endedToken,
      };
    }
    case 'TOKEN_REFRESHED':
      // New tokens for the same session; a null session means the refresh gave up.
      return withSession(state, session);
    case 'USER_UPDATED': {
      // E-mail or password changed; a completed password change ends the recovery flow.
      const next = withSession(state, session);
      return { ...next, recovering: false };
    }
    case 'PASSWORD_RECOVERY':
      return { ...withSession(state, session), recovering: session !== null };
    case 'MFA_CHALLENGE_VERIFIED':
      // The session is now aal2; keep it.
      return withSession(state, session);
    default:
      return state;
  }
}
