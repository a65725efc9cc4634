import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { Brand } from '../../components/brand';
import { ErrorBoundary } from '../../components/error-boundary';
import { ConfirmDialog } from '../../components/dialog';
import { LoadingScreen } from '../../components/loading-screen';
import { OfflineNotice } from '../../components/offline-notice';
import { notify } from '../../components/toasts';
import { AccountHeader, can, useCurrentAccount, type RoleAction } from '../../features/account';
import { useAuth, useSignOut } from '../../features/auth';
import { NotificationsBell } from '../../features/notifications';
import { ChangesWaiting, unsentChangesWarning, useUnsentChanges } from '../../features/offline';
import { CurrentPlanBadge } from '../../features/subscription';
import { errorMessage } from '../../lib/errors';
import { lazyScreen } from '../../lib/lazy-screen';
import { messages } from '../../lib/messages';
import { useMyInvitations } from '../../data/team/team';
import { NO_USER, userIdOf } from '../../domain/ids';
import { LiveSyncStatus } from './live-sync-status';
import { prefetchScreen } from './prefetch-screen';

export const DASHBOARD_SCREENS = [
  { path: 'inventory', label: 'Inventory' },
  { path: 'import', label: 'Import' },
  { path: 'export', label: 'Export' },
  { path: 'logs', label: 'Activity Log' },
  { path: 'products', label: 'Products' },
  { path: 'low-stock', label: 'Low Stock' },
  { path: 'count', label: 'Shelf Count' },
  { path: 'ebay-orders', label: 'eBay Orders' },
  { path: 'ebay-check', label: 'eBay Check' },
  { path: 'scan', label: 'Bulk Scan' },
  { path: 'barcode-labels', label: 'Barcode Labels' },
  { path: 'integrations', label: 'Integrations' },
  { path: 'team', label: 'Team' },
  { path: 'settings', label: 'Settings' },
] as const;

// Team invitations waiting for the user: loaded with the team screen's code, only when there are
// some (most visits have none, and the first screen need not wait for the team's code).
// A notice that could not be downloaded (offline) is left out rather than breaking the page.
const InvitationsNotice = lazyScreen(
  () =>
    import('../../features/team').then(
      (m): ComponentType => m.InvitationsNotice,
      (): ComponentType => () => null,
    ),
  (Notice) => Notice,
);

/** The screens a role may not see are not in its navigation (domain/roles; issue #27). */
const SCREEN_ACTION: Partial<Record<(typeof DASHBOARD_SCREENS)[number]['path'], RoleAction>> = {
  import: 'import',
  export: 'export',
  integrations: 'integrations',
};

export interface DashboardLayoutProps {
  /** Starts loading a screen's code (screens.ts); given by App, since screens.ts loads this file. */
  preloadCode: (pathname: string) => void;
  /** Loads the inventory's code when the browser is idle; returns the cancel. */
  preloadWhenIdle: () => () => void;
}

/** Navigation, current plan, the user's name and sign-out around every dashboard screen. */
export function DashboardLayout({ preloadCode, preloadWhenIdle }: DashboardLayoutProps) {
  const { user } = useAuth();
  const location = useLocation();
  const signOut = useSignOut();
  const account = useCurrentAccount();
  const queryClient = useQueryClient();
  // The stockroom's scope: the account the user acts on (their own, or one they are a member of).
  const accountId = account.accountId || undefined;
  const { pathname } = location;
  const hasInvitations =
    (useMyInvitations(user ? userIdOf(user.id) : NO_USER).data?.length ?? 0) > 0;
  // The screen's code and data load alongside the account, not after it.
  useEffect(() => {
    preloadCode(pathname);
    if (accountId) prefetchScreen(queryClient, pathname, accountId);
  }, [preloadCode, queryClient, pathname, accountId]);
  useEffect(preloadWhenIdle, [preloadWhenIdle]);
  // On narrow screens the navigation folds away behind a menu button; it closes on navigation.
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const menuOpen = menuFor === location.pathname;

  // Signing out deletes the device's copy, queue included: changes not yet sent are asked about.
  const unsent = useUnsentChanges(accountId);
  const [askSignOut, setAskSignOut] = useState(false);
  const signOutNow = () => {
    setAskSignOut(false);
    // On success the SIGNED_OUT event takes the user to /login (RequireAuth).
    signOut.mutate(undefined, {
      onError: (error) => notify(messages.logoutFailed(errorMessage(error))),
    });
  };
  const onSignOut = () => {
    if (unsent > 0) setAskSignOut(true);
    else signOutNow();
  };

  return (
    <div className="dashboard" data-testid="dashboard">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="dashboard__sidebar">
        <Brand to="/dashboard/inventory" />
        <button
          type="button"
          className="button button--secondary dash-nav__toggle"
          aria-expanded={menuOpen}
          aria-controls="dashboard-nav"
          onClick={() => setMenuFor(menuOpen ? null : location.pathname)}
        >
          Menu
        </button>
        <nav
          id="dashboard-nav"
          className="dash-nav"
          aria-label="Dashboard"
          data-open={menuOpen ? 'true' : 'false'}
          data-testid="dashboard-nav"
        >
          <ul>
            {DASHBOARD_SCREENS.filter((screen) => {
              const action = SCREEN_ACTION[screen.path];
              return action === undefined || can(account.role, action);
            }).map((screen) => {
              const prefetch = () => {
                preloadCode(`/dashboard/${screen.path}`);
                if (accountId) prefetchScreen(queryClient, `/dashboard/${screen.path}`, accountId);
              };
              return (
                <li key={screen.path}>
                  <NavLink
                    to={`/dashboard/${screen.path}`}
                    data-testid={`nav-${screen.path}`}
                    // Asked for as the finger or button goes down (a press lasts some 50-100 ms
                    // before the click), and in the click for the keyboard: the route change
                    // renders in a transition that waits for the screen's code, and the effect
                    // above runs only after it. Asking twice costs nothing (one request each).
                    onPointerDown={prefetch}
                    onClick={prefetch}
                  >
                    {screen.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <header className="dashboard__header">
        {/* Expiry notifications: checked on sign-in and daily; the panel opens from the bell. */}
        <LiveSyncStatus accountId={accountId} />
        <ChangesWaiting accountId={accountId} />
        <NotificationsBell />
        <CurrentPlanBadge />
        <AccountHeader />
        <div className="account">
          <span className="account__name" data-testid="user-name" title={user?.email}>
            {user?.name}
          </span>
          <button
            type="button"
            className="button button--secondary"
            onClick={onSignOut}
            disabled={signOut.isPending}
            data-testid="sign-out"
          >
            {signOut.isPending ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      </header>
      <ConfirmDialog
        open={askSignOut}
        title="Sign out with changes not sent?"
        message={unsentChangesWarning(unsent)}
        confirmLabel="Sign out and lose them"
        cancelLabel="Stay signed in"
        onConfirm={signOutNow}
        onCancel={() => setAskSignOut(false)}
        testId="sign-out-unsent"
      />
      <main id="main" className="dashboard__main" tabIndex={-1}>
        <OfflineNotice />
        {hasInvitations && (
          <Suspense fallback={null}>
            <InvitationsNotice />
          </Suspense>
        )}
        {account.isLoading ? (
          // Screens need the account and its plan (limits, features, role): wait for them rather
          // than flash another stockroom or wrong limits.
          <LoadingScreen />
        ) : (
          <ErrorBoundary section="This screen" resetKeys={[location.pathname]}>
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        )}
      </main>
    </div>
  );
}
