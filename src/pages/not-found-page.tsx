import { Link, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const location = useLocation();
  return (
    <div className="page prose" data-testid="not-found-page">
      <p className="badge">404</p>
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{location.pathname}</code>. It may have moved, or the link may be
        mistyped.
      </p>
      <p>
        <Link to="/">Go to the home page</Link> or visit the <Link to="/help">Help Center</Link>.
      </p>
    </div>
  );
}
