import type { QueryClient } from '@tanstack/react-query';
// The data layer's query modules, not the features: a page load starts these requests while
// the app's code is still arriving (start-early.ts), and the features' indexes bring whole screens.
import { itemsQueryOptions } from '../../data/items/get-items';
import { preferencesQueryOptions } from '../../data/settings/get-preferences';
import { storageTreeQueryOptions } from '../../data/storage/get-storage-tree';
import type { AccountId } from '../../domain/ids';

/** The queries a screen needs before it is usable. */
type ScreenData = (queryClient: QueryClient, accountId: AccountId) => Array<Promise<unknown>>;

// Screens whose data is worth asking for before the layout has the plan it waits for: without
// this the inventory's requests would start only after the subscription answered and the
// page's chunk had loaded, one round trip after another.
const SCREEN_DATA: Record<string, ScreenData> = {
  '/dashboard/inventory': (queryClient, accountId) => [
    queryClient.prefetchQuery(storageTreeQueryOptions(accountId)),
    queryClient.prefetchQuery(itemsQueryOptions(accountId)),
    queryClient.prefetchQuery(preferencesQueryOptions(accountId)),
  ],
};

/** Starts loading the data of the screen at `pathname`; errors surface later in the screen. */
export function prefetchScreen(
  queryClient: QueryClient,
  pathname: string,
  accountId: AccountId,
): void {
  const data = SCREEN_DATA[pathname.replace(/\/+$/, '')];
  if (data) void Promise.allSettled(data(queryClient, accountId));
}
