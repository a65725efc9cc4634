import { queryOptions } from '@tanstack/react-query';
import { readStored, writeStored } from '../../lib/browser-storage';
import { supabase } from '../../lib/supabase';
import { itemKeys } from './keys';
import { fetchAllItems } from './fetch-all-items';
import type { Item } from './types';

export { fetchAllItems, ITEM_PAGE_SIZE } from './fetch-all-items';

// How many items this browser last loaded for a seller. A page load asks for the inventory
// before it knows the seller's plan; with this it still asks for every page at once instead
// of waiting for the first page's count. Only a hint: the count decides what is fetched.
const countKey = (userId: string) => `stockroom.itemCount.${userId}`;

function rememberedCount(userId: string): number | null {
  const stored = readStored(countKey(userId));
  return stored === null ? null : Number(stored) || 0;
}

export async function getItems(userId: string, expectedItems?: number): Promise<Item[]> {
  // What this browser saw last time is closer to the truth than the plan's limit (a Power
  // seller with 40 items needs one page, not five).
  const expected = rememberedCount(userId) ?? expectedItems;
  const items = await fetchAllItems(supabase, {
    expectedItems: expected && expected > 0 ? expected : undefined,
  });
  writeStored(countKey(userId), String(items.length));
  return items;
}

/** `expectedItems`: how many items the seller may hold (their plan's limit), to fetch in one go. */
export function itemsQueryOptions(userId: string, expectedItems?: number) {
  return queryOptions({
    queryKey: itemKeys.list(userId),
    queryFn: () => getItems(userId, expectedItems),
  });
}
