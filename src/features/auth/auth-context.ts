import { createContext, useContext } from 'react';
import type { AuthState } from './auth-state';

export interface AuthContextValue extends AuthState {
  /** Closes the "choose a new password" step without changing the password. */
  endRecovery: () => void;
  /** Marks the coming SIGNED_OUT as the user's choice, so no "come back to" link is kept. */
  signOutStarted: () => void;
  signOutFailed: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
