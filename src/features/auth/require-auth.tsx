import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { useAuth } from './auth-context';
import { guardRoute } from './mfa';

/**
 * Guards /dashboard/*: signed-out visitors go to /login and come back after signing in; so does
 * a password-only session of an account with two-factor on (the login page asks for the code).
 * The rule itself is guardRoute, a pure function with unit tests.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, session, signedOutByUser } = useAuth();
  const location = useLocation();
  const outcome = guardRoute({ status, session, signedOutByUser }, location);
  if (outcome.kind === 'loading') return <LoadingScreen label="Checking your session…" />;
  if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
  return <>{children}</>;
}
