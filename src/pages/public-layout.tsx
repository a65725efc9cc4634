import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { Brand } from '../components/brand';
import { ErrorBoundary } from '../components/error-boundary';
import { LoadingScreen } from '../components/loading-screen';
import { useAuth } from '../features/auth';

/** Header navigation, main landmark and footer shared by every public page. */
export function PublicLayout() {
  const { status } = useAuth();
  const location = useLocation();
  const signedIn = status === 'authenticated';

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Brand />
          <nav className="site-nav" aria-label="Main" data-testid="site-nav">
            <ul>
              <li>
                <NavLink to="/features">Features</NavLink>
              </li>
              <li>
                <NavLink to="/pricing">Pricing</NavLink>
              </li>
              <li>
                <NavLink to="/help">Help</NavLink>
              </li>
              {signedIn ? (
                <li>
                  <Link
                    to="/dashboard/inventory"
                    className="button button--primary"
                    data-testid="nav-dashboard"
                  >
                    Dashboard
                  </Link>
                </li>
              ) : (
                <>
                  <li>
                    <NavLink to="/login" data-testid="nav-login">
                      Sign in
                    </NavLink>
                  </li>
                  <li>
                    <Link to="/signup" className="button button--primary" data-testid="nav-signup">
                      Get started
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <ErrorBoundary section="This page" resetKeys={[location.pathname]}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <p className="muted" style={{ margin: 0 }}>
            © {new Date().getFullYear()} Stockroom
          </p>
          <nav aria-label="Footer">
            <ul>
              <li>
                <Link to="/privacy">Privacy</Link>
              </li>
              <li>
                <Link to="/terms">Terms</Link>
              </li>
              <li>
                <Link to="/help">Help Center</Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
