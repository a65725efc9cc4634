import { lazyScreen, type LazyScreen } from '../../lib/lazy-screen';
import { whenIdle } from '../../lib/when-idle';

// The dashboard's screens, each loaded on demand. One object per screen, shared by the routes
// (App) and the prefetch, so a screen whose code was fetched early renders at once.
export const DashboardLayout = lazyScreen(
  () => import('./dashboard-layout'),
  (module) => module.DashboardLayout,
);
const page = <P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>) =>
  lazyScreen(load, (module) => module.default);
const InventoryPage = page(() => import('./inventory-page'));

/** The dashboard's screens by their path under /dashboard: App's routes, and what each preloads. */
export const DASHBOARD_ROUTES: ReadonlyArray<{ path: string; Screen: LazyScreen }> = [
  { path: 'inventory', Screen: InventoryPage },
  { path: 'inventory/3d', Screen: page(() => import('./room-3d-page')) },
  { path: 'import', Screen: page(() => import('./import-page')) },
  { path: 'export', Screen: page(() => import('./export-page')) },
  { path: 'logs', Screen: page(() => import('./logs-page')) },
  { path: 'products', Screen: page(() => import('./products-page')) },
  { path: 'low-stock', Screen: page(() => import('./low-stock-page')) },
  { path: 'count', Screen: page(() => import('./count-page')) },
  {
    path: 'team',
    Screen: lazyScreen(
      () => import('../../features/team'),
      (module) => module.TeamPage,
    ),
  },
  { path: 'settings', Screen: page(() => import('./settings-page')) },
  { path: 'integrations', Screen: page(() => import('./integrations-page')) },
  { path: 'billing', Screen: page(() => import('./billing-page')) },
  { path: 'ebay/callback', Screen: page(() => import('./ebay-callback-page')) },
  { path: 'barcode-labels', Screen: page(() => import('./barcode-labels-page')) },
  { path: 'scan', Screen: page(() => import('./scan-page')) },
  { path: 'ebay-orders', Screen: page(() => import('./ebay-orders-page')) },
  { path: 'ebay-check', Screen: page(() => import('./ebay-check-page')) },
];

const BY_PATH = new Map(DASHBOARD_ROUTES.map((route) => [route.path, route.Screen]));

/**
 * Starts loading the code a dashboard address needs (the layout and its screen) at once, so a
 * page load fetches it alongside the app's own code and the session instead of after them.
 */
export function preloadDashboardCode(pathname: string): void {
  const match = /^\/dashboard(?:\/(.*?))?\/*$/.exec(pathname);
  if (!match) return;
  const screen = BY_PATH.get(match[1] || 'inventory');
  void DashboardLayout.preload().catch(() => undefined); // a failure shows when it renders
  void screen?.preload().catch(() => undefined);
}

/**
 * Loads the inventory's code once the browser is idle. It is the screen sellers come back to
 * from every other one; with its code already run, the click waits only for its data, and the
 * module's start-up work does not compete with the server for the machine while that loads.
 */
export function preloadInventoryWhenIdle(): () => void {
  // A failure is retried by the click, which loads it again.
  return whenIdle(() => void InventoryPage.preload().catch(() => undefined), 5000);
}
