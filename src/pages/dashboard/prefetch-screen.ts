import type { QueryClient } from '@tanstack/react-query';
// The data layer's query modules, not the features: a page load starts these requests while
// the app's code is still arriving (start-early.ts), and the features' indexes bring whole screens.
import { getItems, itemsQueryOptions, roomItemsQueryOptions } from '../../data/items/get-items';
import { itemKeys } from '../../data/items/keys';
import { preferencesQueryOptions } from '../../data/settings/get-preferences';
import { storageTreeQueryOptions } from '../../data/storage/get-storage-tree';
import { readRememberedRoom } from '../../data/storage/remembered-room';
import { activeRoomAfterReload } from '../../domain/active-room';
import type { AccountId } from '../../domain/ids';

/** How the screen's data is asked for on this load. */
export interface PrefetchOptions {
  /** The device holds no copy of the account: nothing to draw until the server answers. */
  firstVisit?: boolean;
}

/** The queries a screen needs before it is usable. */
type ScreenData = (
  queryClient: QueryClient,
  accountId: AccountId,
  options: PrefetchOptions,
) => Array<Promise<unknown>>;

/** Accounts whose list is being read room first on this page load. */
const roomFirst = new Set<AccountId>();

/**
 * The item list; on a first visit, the active room's items first. An Elite seller's list is
 * 431 KB compressed, 8.6 s on a 50 KB/s line, while the inventory draws one room (a tenth of
 * it): that room is asked for alone, after the tree says which units it has, and the full list
 * starts when the room has answered, so the two do not share the thin line.
 */
async function prefetchItems(
  queryClient: QueryClient,
  accountId: AccountId,
  { firstVisit = false }: PrefetchOptions,
): Promise<unknown> {
  // A first visit's list is under way already (started below, waiting for its room).
  if (!firstVisit) {
    if (roomFirst.has(accountId)) return undefined;
    return queryClient.prefetchQuery(itemsQueryOptions(accountId));
  }
  roomFirst.add(accountId);
  const roomItems = (async () => {
    const rooms = await queryClient.fetchQuery(storageTreeQueryOptions(accountId)).catch(() => []);
    const room = activeRoomAfterReload(rooms, readRememberedRoom(accountId));
    if (!room) return;
    const unitIds = room.isles.flatMap((isle) => isle.units.map((unit) => unit.unit_id));
    await queryClient
      .prefetchQuery(roomItemsQueryOptions(accountId, room.room_id, unitIds))
      .catch(() => undefined);
  })();
  // The list's own fetch starts now and waits for the room inside, so the screens that mount
  // meanwhile join it instead of starting theirs beside the room's.
  await queryClient.prefetchQuery({
    queryKey: itemKeys.list(accountId),
    queryFn: async () => {
      await roomItems;
      return getItems(accountId);
    },
  });
  // The room's items stood in for the list only until it came; they would be out of date later.
  queryClient.removeQueries({ queryKey: itemKeys.rooms(accountId) });
  roomFirst.delete(accountId);
  return undefined;
}

const SCREEN_DATA: Record<string, ScreenData> = {
  '/dashboard/inventory': (queryClient, accountId, options) => [
    queryClient.prefetchQuery(storageTreeQueryOptions(accountId)),
    prefetchItems(queryClient, accountId, options),
    queryClient.prefetchQuery(preferencesQueryOptions(accountId)),
  ],
};

/** Starts loading the data of the screen at `pathname`; errors surface later in the screen. */
export function prefetchScreen(
  queryClient: QueryClient,
  pathname: string,
  accountId: AccountId,
  options: PrefetchOptions = {},
): void {
  const data = SCREEN_DATA[pathname.replace(/\/+$/, '')];
  if (data) void Promise.allSettled(data(queryClient, accountId, options));
}
