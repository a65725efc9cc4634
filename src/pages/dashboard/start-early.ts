import type { QueryClient } from '@tanstack/react-query';
import { sessionNeedsCodeStep } from '../../data/mfa/assurance';
import { getStoredSession } from '../../data/auth/stored-session';
import { hydrateDeviceCache } from '../../data/offline/device-cache';
import { deviceDbNames, noDeviceCopy, setDeviceUser } from '../../data/offline/device-db';
import { rememberedAccountId } from '../../data/account/remembered-account';
import { myAccountsQueryOptions } from '../../data/account/my-accounts';
import { userIdOf, type UserId } from '../../domain/ids';
import { prefetchScreen } from './prefetch-screen';

/**
 * On a page load of a dashboard address, asks for the screen's data as soon as the session has
 * been read from storage (supabase-js refreshes it first if it has expired), while the app's own
 * code is still starting: otherwise the requests would wait for the app to render, the session
 * event to arrive and the dashboard layout to render in turn. The queries land in the client the
 * app then renders with. Nothing is asked for without a session, or for a session that still
 * owes its two-factor code (the database answers such a session with nothing).
 *
 * Alongside, the seller's copy on the device (data/offline) is put into the cache: the returned
 * promise settles once it is, so the page can render the inventory from it at once (offline,
 * that is all there is).
 */
export async function prefetchForStoredSession(
  queryClient: QueryClient,
  pathname: string,
): Promise<void> {
  const session = await getStoredSession();
  if (!session || sessionNeedsCodeStep(session)) return;
  const userId = userIdOf(session.user.id);
  setDeviceUser(userId);
  // The account the user last acted on on this device; the account feature checks it with the
  // server.
  const accountId = rememberedAccountId(userId);
  if (accountId) {
    // Asked before the hydration below opens (and so creates) the copy's database.
    const firstVisit = noDeviceCopy(await deviceDbNames(), accountId);
    prefetchScreen(queryClient, pathname, accountId, { firstVisit });
    await hydrateDeviceCache(queryClient, accountId);
    return;
  }
  // The first time on this device: no copy to show, and no account to guess (a user's own
  // account has an id of its own), so the server says which one first. Not awaited: the first
  // render does not wait for the network.
  void prefetchForCurrentAccount(queryClient, userId, pathname);
}

/**
 * Asks the server which account the user acts on (my_accounts, into the cache the account
 * provider reads, so it is asked once), then for the screen's data of that account.
 */
async function prefetchForCurrentAccount(
  queryClient: QueryClient,
  userId: UserId,
  pathname: string,
): Promise<void> {
  // Both asked at once, so nothing is awaited between the answer and the prefetch: the layout,
  // rendered on the same answer, would otherwise ask for the full list first.
  const [accounts, names] = await Promise.all([
    queryClient.fetchQuery(myAccountsQueryOptions(userId)).catch(() => null),
    deviceDbNames(),
  ]);
  const current = accounts?.find((account) => account.isCurrent) ?? accounts?.[0];
  if (current)
    prefetchScreen(queryClient, pathname, current.accountId, {
      firstVisit: noDeviceCopy(names, current.accountId),
    });
}
