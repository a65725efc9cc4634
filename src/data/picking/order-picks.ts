import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../../lib/database.types';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { pickingKeys } from './keys';
import type { AccountId } from '../../domain/ids';

export type OrderPick = Pick<
  Tables<'order_picks'>,
  'order_id' | 'line_item_id' | 'item_id' | 'item_name' | 'quantity' | 'picked_at'
>;
export type SkuLink = Pick<Tables<'sku_links'>, 'sku' | 'item_id'>;

/** A picked line's key: order and line item, as the orders screen names a line. */
export const pickKey = (orderId: string, lineItemId: string) => `${orderId}/${lineItemId}`;

/**
 * The seller's picked order lines (bounded: pick_order_line prunes picks older than 180 days
 * and a row cap holds the rest), read in one request.
 */
export async function getOrderPicks(): Promise<OrderPick[]> {
  const { data, error } = await supabase
    .from('order_picks')
    .select('order_id, line_item_id, item_id, item_name, quantity, picked_at')
    .order('picked_at', { ascending: false })
    .limit(5000);
  if (error) throw toDataError(error);
  return data;
}

export async function getSkuLinks(): Promise<SkuLink[]> {
  const { data, error } = await supabase.from('sku_links').select('sku, item_id').limit(5000);
  if (error) throw toDataError(error);
  return data;
}

/** Picks are shared by the seller's devices: read again whenever this window is back in focus. */
export const orderPicksQuery = (accountId: AccountId) =>
  queryOptions({
    queryKey: pickingKeys.picks(accountId),
    queryFn: getOrderPicks,
    refetchOnWindowFocus: 'always',
  });

export const skuLinksQuery = (accountId: AccountId) =>
  queryOptions({
    queryKey: pickingKeys.links(accountId),
    queryFn: getSkuLinks,
    refetchOnWindowFocus: 'always',
  });

export function useOrderPicks(accountId: AccountId, enabled: boolean) {
  return useQuery({ ...orderPicksQuery(accountId), enabled: enabled && accountId !== '' });
}

export function useSkuLinks(accountId: AccountId, enabled: boolean) {
  return useQuery({ ...skuLinksQuery(accountId), enabled: enabled && accountId !== '' });
}
