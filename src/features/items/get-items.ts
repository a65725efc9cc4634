import { queryOptions, useQuery } from '@tanstack/react-query';
import { planLimit } from '../../domain/plans';
import { loadSupabase } from '../../lib/supabase-client';
import { currentPlanId, useSubscription } from '../subscription';
import { itemKeys } from './keys';
import { fetchAllItems } from './fetch-all-items';
import type { Item } from './types';

export { fetchAllItems, ITEM_PAGE_SIZE } from './fetch-all-items';

export async function getItems(expectedItems?: number): Promise<Item[]> {
  return fetchAllItems(await loadSupabase(), { expectedItems });
}

/** `expectedItems`: how many items the seller may hold (their plan's limit), to fetch in one go. */
export function itemsQueryOptions(userId: string, expectedItems?: number) {
  return queryOptions({
    queryKey: itemKeys.list(userId),
    queryFn: () => getItems(expectedItems),
  });
}

export function useItems(userId: string) {
  const planId = currentPlanId(useSubscription(userId).data);
  return useQuery(itemsQueryOptions(userId, planLimit(planId, 'items')));
}
