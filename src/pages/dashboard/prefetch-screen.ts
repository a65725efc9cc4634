import type { QueryClient } from '@tanstack/react-query';
import { itemsQueryOptions } from '../../features/items';
import { preferencesQueryOptions } from '../../features/settings';
import { storageTreeQueryOptions } from '../../features/storage';
import { InventoryPage } from './screens';

interface ScreenPrefetch {
  /** Loads the screen's code: the route's own lazy screen, so once loaded it renders at once. */
  chunk: () => Promise<unknown>;
  /** The queries the screen needs before it is usable. */
  data: (queryClient: QueryClient, userId: string) => Array<Promise<unknown>>;
}

// Screens whose data is worth asking for before the layout has the plan it waits for: without
// this the inventory's requests would start only after the subscription answered and the
// page's chunk had loaded, one round trip after another.
const SCREENS: Record<string, ScreenPrefetch> = {
  '/dashboard/inventory': {
    chunk: InventoryPage.preload,
    data: (queryClient, userId) => [
      queryClient.prefetchQuery(storageTreeQueryOptions(userId)),
      queryClient.prefetchQuery(itemsQueryOptions(userId)),
      queryClient.prefetchQuery(preferencesQueryOptions(userId)),
    ],
  },
};

/** Starts loading the screen at `pathname` (its code and its data) at once; errors surface later in the screen. */
export function prefetchScreen(queryClient: QueryClient, pathname: string, userId: string): void {
  const screen = SCREENS[pathname.replace(/\/+$/, '')];
  if (!screen) return;
  void screen.chunk().catch(() => undefined);
  void Promise.allSettled(screen.data(queryClient, userId));
}
