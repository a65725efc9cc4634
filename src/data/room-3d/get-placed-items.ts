import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { room3dKeys } from './keys';
import type { AccountId } from '../../domain/ids';

/** What the side panel lists: a whole unit or one shelf. */
export type ItemsTarget = { kind: 'unit'; unitId: string } | { kind: 'shelf'; shelfId: string };

/** A long list is cut here; the panel says how many more there are. */
export const PANEL_ITEM_LIMIT = 200;

/** The items of a unit or shelf, by name, with the total for "and N more". */
export async function getPlacedItems(target: ItemsTarget) {
  let query = supabase
    .from('storage_items')
    .select('item_id, item_name, quantity, sku, barcode, shelf_id', { count: 'exact' })
    .order('item_name')
    .limit(PANEL_ITEM_LIMIT);
  query =
    target.kind === 'unit'
      ? query.eq('unit_id', target.unitId)
      : query.eq('shelf_id', target.shelfId);
  const { data, count, error } = await query;
  if (error) throw toDataError(error);
  return { items: data, total: count ?? data.length };
}

export type PlacedItem = Awaited<ReturnType<typeof getPlacedItems>>['items'][number];

export function targetKey(target: ItemsTarget): string {
  return target.kind === 'unit' ? `unit:${target.unitId}` : `shelf:${target.shelfId}`;
}

export function placedItemsQueryOptions(accountId: AccountId, target: ItemsTarget) {
  return queryOptions({
    queryKey: room3dKeys.items(accountId, targetKey(target)),
    queryFn: () => getPlacedItems(target),
  });
}

export function usePlacedItems(accountId: AccountId, target: ItemsTarget | null) {
  return useQuery({
    ...placedItemsQueryOptions(accountId, target ?? { kind: 'unit', unitId: '' }),
    enabled: target !== null,
  });
}
