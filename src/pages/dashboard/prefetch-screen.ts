import type { QueryClient } from '@tanstack/react-query';
// The features' query modules rather than their indexes: a page load starts these requests
// while the app's code is still arriving (start-early.ts), and the indexes bring whole screens.
import { itemsQueryOptions } from '../../features/items/get-items';
import { preferencesQueryOptions } from '../../features/settings/get-preferences';
import { storageTreeQueryOptions } from '../../features/storage/get-storage-tree';
import { preloadDashboardCode } from './screens';

/** The queries a screen needs before it is usable. */
type ScreenData = (queryClient: QueryClient, userId: string) => Array<Promise<unknown>>;

// Screens whose data is worth asking for before the layout has the plan it waits for: without
// this the inventory's requests would start only after the subscription answered and the
// page's chunk had loaded, one round trip after another.
const SCREEN_DATA: Record<string, ScreenData> = {
  '/dashboard/inventory': (queryClient, userId) => [
    queryClient.prefetchQuery(storageTreeQueryOptions(userId)),
    queryClient.prefetchQuery(itemsQueryOptions(userId)),
    queryClient.prefetchQuery(preferencesQueryOptions(userId)),
  ],
};

/**
 * Starts loading the screen at `pathname` at once: its code (through the routes' own lazy
 * screens, so once loaded it renders without waiting) and, for the screens above, its data.
 * Errors surface later in the screen.
 */
export function prefetchScreen(queryClient: QueryClient, pathname: string, userId: string): void {
  preloadDashboardCode(pathname);
  const data = SCREEN_DATA[pathname.replace(/\/+$/, '')];
  if (data) void Promise.allSettled(data(queryClient, userId));
}
