import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { useAuth } from './auth-context';
import { loginPathFor } from './redirect';

/** Guards /dashboard/*: signed-out visitors go to /login and come back after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, signedOutByUser } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen label="Checking your session…" />;
  if (status === 'unauthenticated') {
    // After choosing to sign out there is nothing to come back to; after an expired or revoked
    // session, signing in again returns to the page the user was on.
    return <Navigate to={signedOutByUser ? '/login' : loginPathFor(location)} replace />;
  }
  return <>{children}</>;
}
