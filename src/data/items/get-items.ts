import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { planLimit } from '../../domain/plans';
import { readStored, writeStored } from '../../lib/browser-storage';
import { supabase } from '../../lib/supabase';
import { itemKeys } from './keys';
import { fetchAllItems, fetchRoomItems } from './fetch-all-items';
import type { Item } from './types';
import type { AccountId } from '../../domain/ids';

export { fetchAllItems, ITEM_PAGE_SIZE } from './fetch-all-items';

// How many items this browser last loaded for a seller. A page load asks for the inventory
// before it knows the seller's plan; with this it still asks for every page at once instead
// of waiting for the first page's count. Only a hint: the count decides what is fetched.
const countKey = (accountId: AccountId) => `stockroom.itemCount.${accountId}`;

function rememberedCount(accountId: AccountId): number | null {
  const stored = readStored(countKey(accountId));
  return stored === null ? null : Number(stored) || 0;
}

export async function getItems(accountId: AccountId, expectedItems?: number): Promise<Item[]> {
  // What this browser saw last time is closer to the truth than the plan's limit (a Power
  // seller with 40 items needs one page, not five).
  const expected = rememberedCount(accountId) ?? expectedItems;
  const items = await fetchAllItems(supabase, {
    expectedItems: expected && expected > 0 ? expected : undefined,
  });
  writeStored(countKey(accountId), String(items.length));
  return items;
}

/** `expectedItems`: how many items the seller may hold (their plan's limit), to fetch in one go. */
export function itemsQueryOptions(accountId: AccountId, expectedItems?: number) {
  return queryOptions({
    queryKey: itemKeys.list(accountId),
    queryFn: () => getItems(accountId, expectedItems),
  });
}

/**
 * One room's items (its units' ids from the storage tree), for the inventory to draw while the
 * full list is pending on a device with no copy; its own key, so the device copy, search and
 * counts never take it for the list.
 */
export function roomItemsQueryOptions(
  accountId: AccountId,
  roomId: string,
  unitIds: readonly string[],
) {
  return queryOptions({
    queryKey: itemKeys.room(accountId, roomId),
    queryFn: () => fetchRoomItems(supabase, unitIds),
  });
}

/**
 * Every item of the account, asked for in as many pages at once as its plan (`planId`, the
 * account's) can fill.
 */
export function useItems(accountId: AccountId, planId: string) {
  return useQuery(itemsQueryOptions(accountId, planLimit(planId, 'items')));
}

/**
 * One room's items as a first visit's early reads left them (pages/dashboard/prefetch-screen),
 * for drawing that room while the full list is still on its way; never asked for here, and
 * nothing once the list is in.
 */
export function useRoomItemsStandIn(
  accountId: AccountId,
  roomId: string | null,
  listIsIn: boolean,
): Item[] | undefined {
  const { data } = useQuery({
    queryKey: itemKeys.room(accountId, roomId ?? ''),
    queryFn: skipToken,
  });
  return listIsIn || roomId === null ? undefined : (data as Item[] | undefined);
}
