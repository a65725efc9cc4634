import { useMemo, type ReactNode } from 'react';
import { useStockroomId, useAccountPlanId } from '../../features/account';
import { LoadingScreen } from '../../components/loading-screen';
import { Screen } from '../../components/screen';
import { ItemsProvider, useItems } from '../../features/items';
import { DEFAULT_PREFERENCES } from '../../data/settings/preferences';
import { usePreferences } from '../../features/settings';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import { shelfPlaces } from '../../data/storage/tree';
import type { Room, ShelfPlace } from '../../data/storage/types';
import { texts } from '../../lib/messages';

const NO_ROOMS: Room[] = [];

/**
 * A screen listing items outside the shelf view (Products, Low Stock): it loads the rooms and
 * items, says why if they fail, and gives its table the items provider (edit, delete) and where
 * each shelf is.
 */
export function ItemsScreen({
  testId,
  title,
  intro,
  children,
}: {
  testId: string;
  title: string;
  intro: string;
  children: (props: {
    userId: string;
    places: ReadonlyMap<string, ShelfPlace>;
    rooms: readonly Room[];
  }) => ReactNode;
}) {
  const stockroomId = useStockroomId();
  const userId = stockroomId;
  const planId = useAccountPlanId();
  const tree = useStorageTree(userId);
  const items = useItems(userId);
  const preferences = usePreferences().data ?? DEFAULT_PREFERENCES;
  const rooms = tree.data ?? NO_ROOMS;
  const places = useMemo(() => shelfPlaces(rooms), [rooms]);
  // A failed refresh of data the screen already holds (offline, the copy on the device) is not a
  // failure to show: the seller keeps working with what is there.
  const failed = tree.data && items.data ? null : (tree.error ?? items.error);
  // No copy on the device and no connection: say so rather than load for ever.
  const waitingOffline =
    (!tree.data && tree.fetchStatus === 'paused') ||
    (!items.data && items.fetchStatus === 'paused');

  return (
    <Screen testId={testId} title={title} intro={intro}>
      {failed ? (
        <div className="notice notice--error" role="alert">
          <p>Your items could not be loaded. {failed.message}</p>
        </div>
      ) : waitingOffline ? (
        <p className="notice" role="status" data-testid="items-offline">
          {texts.screenOffline}
        </p>
      ) : !tree.data || !items.data ? (
        <LoadingScreen label="Loading your items…" />
      ) : (
        <ItemsProvider
          userId={userId}
          planId={planId}
          currency={preferences.currency}
          dateFormat={preferences.date_format}
          places={places}
        >
          {children({ userId, places, rooms })}
        </ItemsProvider>
      )}
    </Screen>
  );
}
