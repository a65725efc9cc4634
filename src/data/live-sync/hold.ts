import type { AccountId } from '../../domain/ids';

/** Live syncs running per account, told when a hold on their events begins or ends. */
const holdListeners = new Map<AccountId, Set<(held: boolean) => void>>();
const holdCounts = new Map<AccountId, number>();

/** Whether the account's live events are held now. */
export function isHeld(accountId: AccountId): boolean {
  return (holdCounts.get(accountId) ?? 0) > 0;
}

/** Calls `listener` when a hold on the account begins (true) or ends (false); answers the stop. */
export function onHoldChange(accountId: AccountId, listener: (held: boolean) => void): () => void {
  const listeners = holdListeners.get(accountId) ?? new Set();
  listeners.add(listener);
  holdListeners.set(accountId, listeners);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && holdListeners.get(accountId) === listeners)
      holdListeners.delete(accountId);
  };
}

/** Begins one more hold on the account; the first tells the listeners. */
export function hold(accountId: AccountId): void {
  const count = (holdCounts.get(accountId) ?? 0) + 1;
  holdCounts.set(accountId, count);
  if (count === 1) for (const listener of holdListeners.get(accountId) ?? []) listener(true);
}

/** Ends one hold on the account; the last tells the listeners. */
export function release(accountId: AccountId): void {
  const left = (holdCounts.get(accountId) ?? 1) - 1;
  if (left > 0) holdCounts.set(accountId, left);
  else {
    holdCounts.delete(accountId);
    for (const listener of holdListeners.get(accountId) ?? []) listener(false);
  }
}

/**
 * Holds the account's live events and its catch-up reads until the returned release is called,
 * then applies the held events at once and reads once what it owed. The offline replay holds
 * them: each replayed change echoes back, and applying 100 echoes one by one redraws the
 * inventory 100 times while re-reading 5000 items competes with the replay's own requests.
 */
export function holdLiveSync(accountId: AccountId): () => void {
  hold(accountId);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release(accountId);
  };
}
