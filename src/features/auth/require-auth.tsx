import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { useAuth } from './auth-context';
import { loginPathFor } from './redirect';

/** Guards /dashboard/*: signed-out visitors go to /login and come back after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen label="Checking your session…" />;
  if (status === 'unauthenticated') return <Navigate to={loginPathFor(location)} replace />;
  return <>{children}</>;
}
