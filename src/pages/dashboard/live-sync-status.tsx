import { useMemo } from 'react';
import { useOffline } from '../../lib/online';
import { useLiveSync, type LiveCaches } from '../../data/live-sync/use-live-sync';
import { importExportKeys } from '../../features/import-export';
import { itemKeys } from '../../data/items/keys';
import { preferencesKeys } from '../../data/settings/keys';
import { storageKeys } from '../../data/storage/keys';
import { notificationKeys } from '../../features/notifications';
import { pickingKeys } from '../../data/picking/keys';
import { room3dKeys } from '../../features/room-3d';
import { subscriptionKeys } from '../../features/subscription';

/** Where the live sync finds each table's cached rows: the one place that names those keys. */
function liveCaches(userId: string): LiveCaches {
  return {
    items: itemKeys.list(userId),
    tree: storageKeys.tree(userId),
    readAgainOn: {
      user_preferences: [preferencesKeys.detail(userId)],
      subscriptions: [subscriptionKeys.byUser(userId)],
      dismissed_notifications: [notificationKeys.dismissals(userId)],
      order_picks: [pickingKeys.picks(userId)],
      sku_links: [pickingKeys.links(userId)],
    },
    staleOnStorage: [room3dKeys.root(userId), importExportKeys.byUser(userId)],
  };
}

/**
 * Keeps this screen in step with the seller's other screens and tabs, and says so quietly when it
 * cannot: a small note while live updates are off and the connection is being made again. While
 * the device is offline the dashboard's offline notice says it instead (OfflineNotice), so the
 * two never speak at once.
 */
export function LiveSyncStatus({ userId }: { userId: string | undefined }) {
  const caches = useMemo(() => (userId ? liveCaches(userId) : null), [userId]);
  const status = useLiveSync(userId, caches);
  const offline = useOffline();
  return (
    <span
      className="live-sync"
      role="status"
      data-testid="live-sync"
      data-state={status}
      hidden={status !== 'off' || offline}
    >
      Live updates off — reconnecting…
    </span>
  );
}
