import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthContext, type AuthContextValue } from '../../../../src/features/auth/auth-context';
import { AuthLoadingGate } from '../../../../src/features/auth/auth-loading-gate';
import { RequireAuth } from '../../../../src/features/auth/require-auth';
import type { AuthStatus } from '../../../../src/features/auth/auth-state';
import { userIdOf } from '../../../../src/domain/ids';

function auth(status: AuthStatus, signedOutByUser = false): AuthContextValue {
  return {
    status,
    session: null,
    user:
      status === 'authenticated'
        ? { id: userIdOf('u1'), email: 'sam@example.com', name: 'sam' }
        : null,
    recovering: false,
    signingOut: false,
    signedOutByUser,
    sessionEnded: false,
    endedToken: null,
    endRecovery: () => undefined,
    signOutStarted: () => undefined,
    signOutFailed: () => undefined,
  };
}

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, status: AuthStatus, signedOutByUser = false) {
  return render(
    <AuthContext.Provider value={auth(status, signedOutByUser)}>
      <MemoryRouter initialEntries={[path]}>
        <AuthLoadingGate>
          <Routes>
            <Route path="/" element={<p>Home</p>} />
            <Route path="/pricing" element={<p>Pricing</p>} />
            <Route path="/help" element={<p>Help</p>} />
            <Route path="/login" element={<LoginProbe />} />
            <Route
              path="/dashboard/*"
              element={
                <RequireAuth>
                  <p>Dashboard</p>
                </RequireAuth>
              }
            />
          </Routes>
        </AuthLoadingGate>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe('AuthLoadingGate', () => {
  it('paints /, /pricing at once while the session loads', () => {
    renderAt('/', 'loading');
    expect(screen.getByText('Home')).toBeInTheDocument();
    expect(screen.queryByTestId('loading-screen')).toBeNull();
  });

  it('shows the loading screen on other pages while the session loads', () => {
    renderAt('/help', 'loading');
    expect(screen.getByTestId('loading-screen')).toBeInTheDocument();
    expect(screen.queryByText('Help')).toBeNull();
  });

  it('shows the page once loaded', () => {
    renderAt('/help', 'unauthenticated');
    expect(screen.getByText('Help')).toBeInTheDocument();
  });
});

describe('RequireAuth', () => {
  it('sends a visitor without a session to /login, remembering the page', () => {
    renderAt('/dashboard/settings?tab=subscription', 'unauthenticated');
    expect(screen.getByTestId('login')).toHaveTextContent(
      '/login?redirectTo=%2Fdashboard%2Fsettings%3Ftab%3Dsubscription',
    );
  });

  it('goes to plain /login after the user chose to sign out', () => {
    renderAt('/dashboard/inventory', 'unauthenticated', true);
    expect(screen.getByTestId('login')).toHaveTextContent(/^\/login$/);
  });

  it('lets a signed-in user through', () => {
    renderAt('/dashboard/inventory', 'authenticated');
    expect(screen.getByText('Dashboard')).toBeInTheDocument();
  });
});
