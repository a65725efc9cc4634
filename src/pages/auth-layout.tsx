import { Link, Outlet } from 'react-router-dom';
import { Brand } from '../components/brand';

/** The plain, centred frame around /login and /signup. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <header>
        <Brand />
      </header>
      <main id="main" className="auth-card">
        <Outlet />
      </main>
      <footer>
        <nav aria-label="Footer">
          <Link to="/privacy">Privacy</Link> · <Link to="/terms">Terms</Link> ·{' '}
          <Link to="/help">Help Center</Link>
        </nav>
      </footer>
    </div>
  );
}
