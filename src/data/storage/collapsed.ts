import { useCallback, useSyncExternalStore } from 'react';
import { readStored, writeStored } from '../../lib/browser-storage';
import {
  parseCollapseState,
  serialiseCollapseState,
  withCollapsed,
  type CollapseState,
} from '../../domain/collapse-state';
import type { AccountId } from '../../domain/ids';

/**
 * What the seller collapsed on this device (units, shelves, the eBay listings panel), per account,
 * beside the remembered room (remembered-room.ts). Read from storage once per account; every
 * part asks only for its own id, so a toggle re-renders that part alone.
 */
export function collapsedKey(accountId: AccountId): string {
  return `stockroom.collapsed.${accountId}`;
}

const states = new Map<AccountId, CollapseState>();
const listeners = new Set<() => void>();

function stateOf(accountId: AccountId): CollapseState {
  let state = states.get(accountId);
  if (!state) {
    state = parseCollapseState(readStored(collapsedKey(accountId)));
    states.set(accountId, state);
  }
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice made for `id`: true collapsed, false open, undefined none on this device. */
export function readCollapsed(accountId: AccountId, id: string): boolean | undefined {
  return stateOf(accountId).get(id);
}

/** Records a choice; `remember: false` forgets it (see withCollapsed). */
export function setCollapsed(
  accountId: AccountId,
  id: string,
  collapsed: boolean,
  remember = true,
): void {
  const next = withCollapsed(stateOf(accountId), id, collapsed, remember);
  states.set(accountId, next);
  writeStored(collapsedKey(accountId), next.size > 0 ? serialiseCollapseState(next) : null);
  for (const listener of listeners) listener();
}

/** The choice for `id` and a setter, kept in step with every other part of the screen. */
export function useCollapsed(
  accountId: AccountId,
  id: string,
): [boolean | undefined, (collapsed: boolean, remember?: boolean) => void] {
  const collapsed = useSyncExternalStore(subscribe, () => readCollapsed(accountId, id));
  const set = useCallback(
    (value: boolean, remember = true) => setCollapsed(accountId, id, value, remember),
    [accountId, id],
  );
  return [collapsed, set];
}
