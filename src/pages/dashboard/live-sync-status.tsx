import { useMemo } from 'react';
import { useOffline } from '../../lib/online';
import { useLiveSync, type LiveCaches } from '../../data/live-sync/use-live-sync';
import { importExportKeys } from '../../data/import-export/keys';
import { itemKeys } from '../../data/items/keys';
import { preferencesKeys } from '../../data/settings/keys';
import { storageKeys } from '../../data/storage/keys';
import { notificationKeys } from '../../data/notifications/keys';
import { pickingKeys } from '../../data/picking/keys';
import { photoKeys } from '../../data/photos/keys';
import { ebayKeys } from '../../data/ebay/keys';
import { room3dKeys } from '../../data/room-3d/keys';
import { subscriptionKeys } from '../../data/subscription/keys';
import { accountKeys } from '../../data/account/keys';
import { teamKeys } from '../../data/team/keys';
import { useAuth } from '../../features/auth';
import type { AccountId, UserId } from '../../domain/ids';

/** Where the live sync finds each table's cached rows: the one place that names those keys. */
function liveCaches(accountId: AccountId, userId: UserId): LiveCaches {
  // The account's plan, name and the user's role there come with the user's accounts; the Team
  // screen's lists are about the account too.
  const account = [
    accountKeys.mine(userId),
    teamKeys.members(userId),
    teamKeys.currentAccount(userId),
    teamKeys.invitations(userId, accountId),
  ];
  return {
    items: itemKeys.list(accountId),
    tree: storageKeys.tree(accountId),
    readAgainOn: {
      user_preferences: [preferencesKeys.detail(accountId)],
      subscriptions: [subscriptionKeys.byAccount(accountId)],
      dismissed_notifications: [notificationKeys.dismissals(accountId)],
      order_picks: [pickingKeys.picks(accountId)],
      sku_links: [pickingKeys.links(accountId)],
      item_photos: [photoKeys.list(accountId)],
      // a fetch of the account's eBay orders landed (on demand or scheduled): read them again
      ebay_order_fetches: [ebayKeys.orders(accountId)],
      accounts: account,
      account_members: account,
    },
    staleOnStorage: [room3dKeys.root(accountId), importExportKeys.byAccount(accountId)],
  };
}

/**
 * Keeps this screen in step with the seller's other screens and tabs, and says so quietly when it
 * cannot: a small note while live updates are off and the connection is being made again. While
 * the device is offline the dashboard's offline notice says it instead (OfflineNotice), so the
 * two never speak at once.
 */
export function LiveSyncStatus({ accountId }: { accountId: AccountId | undefined }) {
  const userId = useAuth().user?.id;
  const caches = useMemo(
    () => (accountId && userId ? liveCaches(accountId, userId) : null),
    [accountId, userId],
  );
  const status = useLiveSync(accountId, caches);
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
