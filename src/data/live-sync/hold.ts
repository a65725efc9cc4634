import type { AccountId } from '../../domain/ids';

/** Live syncs running per account, told when a hold on their events begins or ends. */
export const holdListeners = new Map<AccountId, Set<(held: boolean) => void>>();
export const holdCounts = new Map<AccountId, number>();

/**
 * Holds the account's live events and its catch-up reads until the returned release is called,
 * then applies the held events at once and reads once what it owed. The offline replay holds
 * them: each replayed change echoes back, and applying 100 echoes one by one redraws the
 * inventory 100 times while re-reading 5000 items competes with the replay's own requests.
 */
export function holdLiveSync(accountId: AccountId): () => void {
  const count = (holdCounts.get(accountId) ?? 0) + 1;
  holdCounts.set(accountId, count);
  if (count === 1) for (const listener of holdListeners.get(accountId) ?? []) listener(true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (holdCounts.get(accountId) ?? 1) - 1;
    if (left > 0) holdCounts.set(accountId, left);
    else {
      holdCounts.delete(accountId);
      for (const listener of holdListeners.get(accountId) ?? []) listener(false);
    }
  };
}
