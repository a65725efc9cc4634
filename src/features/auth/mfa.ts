/**
 * Two-factor sign-in, the rules without React or the network so they can be unit tested.
 *
 * A password sign-in yields an aal1 session. When the account has a verified factor, the
 * database refuses aal1 tokens (migration require_aal2), so the app must not treat such a
 * session as signed in: it asks for the code first, on the login page, and the route guard
 * sends any aal1 session of such an account back there (a reload on the code step, a tab closed
 * half way, a token refresh that learnt of a factor added elsewhere).
 */
import { loginPathFor } from './redirect';
import type { AuthStatus } from './auth-state';

import type { Session } from '@supabase/supabase-js';
import { sessionNeedsCodeStep } from '../../data/mfa/assurance';

export {
  assuranceOf,
  needsCodeStep,
  sessionNeedsCodeStep,
  type Assurance,
  type AssuranceLevel,
} from '../../data/mfa/assurance';

export type GuardOutcome =
  { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * What /dashboard/* does for this auth state: wait, let through, or send to /login (where the
 * sign-in form or the code step is), remembering the page when there is one to come back to.
 */
export function guardRoute(
  auth: { status: AuthStatus; session: Session | null; signedOutByUser: boolean },
  location: { pathname: string; search?: string; hash?: string },
): GuardOutcome {
  if (auth.status === 'loading') return { kind: 'loading' };
  if (auth.status === 'unauthenticated') {
    // After choosing to sign out there is nothing to come back to; after an expired or revoked
    // session, signing in again returns to the page the user was on.
    return { kind: 'redirect', to: auth.signedOutByUser ? '/login' : loginPathFor(location) };
  }
  // Signed in with the password alone on an account with two-factor: the code comes first.
  if (sessionNeedsCodeStep(auth.session)) return { kind: 'redirect', to: loginPathFor(location) };
  return { kind: 'allow' };
}

// ---------------------------------------------------------------------------------------------
// The code step's form state.
// ---------------------------------------------------------------------------------------------

export const CODE_LENGTH = 6;
export const CODE_NEEDED = 'Enter the 6-digit code your authenticator app shows';
export const CODE_REFUSED = 'Invalid TOTP code entered';

export interface CodeStepState {
  code: string;
  phase: 'editing' | 'verifying' | 'verified';
  error: string | null;
}

export type CodeStepAction =
  | { type: 'typed'; value: string }
  | { type: 'submitted' }
  | { type: 'refused'; message: string | undefined }
  | { type: 'verified' };

export const initialCodeStep: CodeStepState = { code: '', phase: 'editing', error: null };

/**
 * Authenticator apps show the code as "123 456" and password managers paste it with spaces:
 * keep the digits only, at most six.
 */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}

export function codeStepReducer(state: CodeStepState, action: CodeStepAction): CodeStepState {
  switch (action.type) {
    case 'typed':
      if (state.phase !== 'editing') return state;
      // Typing again clears the last error: it was about the previous code.
      return { ...state, code: cleanCode(action.value), error: null };
    case 'submitted':
      if (state.phase !== 'editing') return state;
      if (!isCompleteCode(state.code)) return { ...state, error: CODE_NEEDED };
      return { ...state, phase: 'verifying', error: null };
    case 'refused':
      // A refused code is spent: empty the field for the next one, keep the reason on screen.
      return { code: '', phase: 'editing', error: action.message ?? CODE_REFUSED };
    case 'verified':
      return { ...state, phase: 'verified', error: null };
    default:
      return state;
  }
}
