import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen';
import { showsLoadingScreen } from '../../lib/loading-rule';
import { useAuth } from './auth-context';

/**
 * Holds back every page but /, /features and /pricing until the stored session has been read,
 * so no page flashes its signed-out state at a signed-in user
 * (docs/product.md#loading-and-overlay).
 */
export function AuthLoadingGate({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { pathname } = useLocation();
  if (status === 'loading' && showsLoadingScreen(pathname)) return <LoadingScreen />;
  return <>{children}</>;
}
