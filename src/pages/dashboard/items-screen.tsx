import { useMemo, type ReactNode } from 'react';
import { useAccountId, useAccountPlanId } from '../../features/account';
import { LoadingScreen } from '../../components/loading-screen';
import { Screen } from '../../components/screen';
import { ItemsProvider } from '../../features/items';
import { useItems } from '../../data/items/get-items';
import { DEFAULT_PREFERENCES } from '../../data/settings/preferences';
import { usePreferences } from '../../data/settings/get-preferences';
import { useStorageTree } from '../../data/storage/get-storage-tree';
import { shelfPlaces } from '../../data/storage/tree';
import type { Room, ShelfPlace } from '../../data/storage/types';
import { texts } from '../../lib/messages';
import type { AccountId } from '../../domain/ids';

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
    accountId: AccountId;
    places: ReadonlyMap<string, ShelfPlace>;
    rooms: readonly Room[];
  }) => ReactNode;
}) {
  const accountId = useAccountId();
  const planId = useAccountPlanId();
  const tree = useStorageTree(accountId);
  const items = useItems(accountId, planId);
  const preferences = usePreferences(accountId).data ?? DEFAULT_PREFERENCES;
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
          accountId={accountId}
          planId={planId}
          currency={preferences.currency}
          dateFormat={preferences.date_format}
          places={places}
        >
          {children({ accountId, places, rooms })}
        </ItemsProvider>
      )}
    </Screen>
  );
}
