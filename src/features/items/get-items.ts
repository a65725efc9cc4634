import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSupabase } from '../../lib/supabase-client';
import { itemKeys } from './keys';
import { fetchAllItems } from './fetch-all-items';
import type { Item } from './types';

export { fetchAllItems, ITEM_PAGE_SIZE } from './fetch-all-items';

export async function getItems(): Promise<Item[]> {
  return fetchAllItems(await loadSupabase());
}

export function itemsQueryOptions(userId: string) {
  return queryOptions({ queryKey: itemKeys.list(userId), queryFn: getItems });
}

export function useItems(userId: string) {
  return useQuery(itemsQueryOptions(userId));
}
