import { lazyScreen } from '../../lib/lazy-screen';
import { whenIdle } from '../../lib/when-idle';

// The dashboard's screens, each loaded on demand. One object per screen, shared by the routes
// (App) and the layout's prefetch, so a screen whose code was fetched early renders at once.
export const DashboardLayout = lazyScreen(
  () => import('./dashboard-layout'),
  (module) => module.DashboardLayout,
);
export const TeamPage = lazyScreen(() => import('../../features/team'), (module) => module.TeamPage);
const page = <P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>) =>
  lazyScreen(load, (module) => module.default);
export const InventoryPage = page(() => import('./inventory-page'));
export const Room3DPage = page(() => import('./room-3d-page'));
export const ImportPage = page(() => import('./import-page'));
export const ExportPage = page(() => import('./export-page'));
export const LogsPage = page(() => import('./logs-page'));
export const ProductsPage = page(() => import('./products-page'));
export const SettingsPage = page(() => import('./settings-page'));
export const IntegrationsPage = page(() => import('./integrations-page'));
export const EbayCallbackPage = page(() => import('./ebay-callback-page'));
export const BarcodeLabelsPage = page(() => import('./barcode-labels-page'));
export const ScanPage = page(() => import('./scan-page'));
export const EbayOrdersPage = page(() => import('./ebay-orders-page'));

const BY_PATH: Record<string, { preload: () => Promise<void> }> = {
  inventory: InventoryPage,
  'inventory/3d': Room3DPage,
  import: ImportPage,
  export: ExportPage,
  logs: LogsPage,
  products: ProductsPage,
  team: TeamPage,
  settings: SettingsPage,
  integrations: IntegrationsPage,
  'ebay/callback': EbayCallbackPage,
  'barcode-labels': BarcodeLabelsPage,
  scan: ScanPage,
  'ebay-orders': EbayOrdersPage,
};

/**
 * Starts loading the code a dashboard address needs (the layout and its screen) at once, so a
 * page load fetches it alongside the app's own code and the session instead of after them.
 */
export function preloadDashboardCode(pathname: string): void {
  const match = /^\/dashboard(?:\/(.*?))?\/*$/.exec(pathname);
  if (!match) return;
  const screen = BY_PATH[match[1] || 'inventory'];
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
