import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountId } from '../../domain/ids';
import { readStored, writeStored } from '../../lib/browser-storage';
import { supabase } from '../../lib/supabase';
import { toDataError } from '../errors';
import { callEbayFunction } from './ebay-functions';
import { ebayKeys } from './keys';

export interface EbayOrderLine {
  lineItemId: string;
  legacyItemId: string | null;
  sku: string | null;
  title: string;
  quantity: number;
}

export interface EbayOrder {
  orderId: string;
  creationDate: string;
  buyer: string | null;
  /** eBay's fulfilment status as eBay gave it (NOT_STARTED, IN_PROGRESS, FULFILLED…). */
  status: string;
  total: { value: string; currency: string } | null;
  lineItems: EbayOrderLine[];
}

/** The account's orders as stored by the server (issue 39): the same on every member's device. */
export interface StoredOrders {
  orders: EbayOrder[];
  /** When the server last fetched them from eBay for the account; null: never yet. */
  fetchedAt: string | null;
  /** eBay's count of orders in its 90-day window, and whether it holds more than are stored. */
  total: number;
  more: boolean;
  /** From this device's copy: the database could not be read (on failure the kept orders show). */
  fromDevice?: boolean;
}

/** The server's answer to a refresh: whether it asked eBay, or eBay may not be asked yet. */
export interface OrdersRefresh {
  fetched: boolean;
  fetchedAt: string | null;
  retryAfterSeconds: number | null;
}

/** The schedule fetches every connected Elite account this often (netlify/lib/ebay-orders.ts). */
export const ORDERS_SCHEDULE_MINUTES = 15;

/** Orders the server stores at most (five eBay pages); the read asks for no more. */
const MAX_ORDERS = 1000;

/** Reads the account's orders and their lines from the database (RLS: the caller's account). */
export async function getStoredOrders(): Promise<StoredOrders> {
  const [orders, fetch] = await Promise.all([
    supabase
      .from('ebay_orders')
      .select(
        'order_id, buyer, status, total_value, total_currency, created_on_ebay, ebay_order_lines(line_item_id, legacy_item_id, sku, title, quantity, position)',
      )
      .order('created_on_ebay', { ascending: false })
      .order('order_id')
      .limit(MAX_ORDERS),
    supabase.from('ebay_order_fetches').select('fetched_at, total, more').maybeSingle(),
  ]);
  if (orders.error) throw toDataError(orders.error);
  if (fetch.error) throw toDataError(fetch.error);
  return {
    orders: orders.data.map((row) => ({
      orderId: row.order_id,
      creationDate: row.created_on_ebay,
      buyer: row.buyer,
      status: row.status,
      total:
        row.total_value !== null
          ? { value: row.total_value, currency: row.total_currency ?? '' }
          : null,
      lineItems: [...row.ebay_order_lines]
        .sort((a, b) => a.position - b.position)
        .map((line) => ({
          lineItemId: line.line_item_id,
          legacyItemId: line.legacy_item_id,
          sku: line.sku,
          title: line.title,
          quantity: line.quantity,
        })),
    })),
    fetchedAt: fetch.data?.fetched_at ?? null,
    total: fetch.data?.total ?? orders.data.length,
    more: fetch.data?.more ?? false,
  };
}

/**
 * Asks the server to fetch the account's orders from eBay into the database. Within the
 * account's rate limit it does not ask eBay and says when the stored orders were fetched.
 */
export function refreshOrders(country: string | undefined): Promise<OrdersRefresh> {
  return callEbayFunction<OrdersRefresh>('ebay-get-orders', { country });
}

/** Whether stored orders are older than the schedule's round (or were never fetched). */
export function ordersStale(fetchedAt: string | null, now = Date.now()): boolean {
  if (!fetchedAt) return true;
  return now - new Date(fetchedAt).getTime() > ORDERS_SCHEDULE_MINUTES * 60_000;
}

/** Where this device keeps the last orders it read, per account. */
export function keptOrdersKey(accountId: AccountId): string {
  return `stockroom.orders.${accountId}`;
}

function readKeptOrders(accountId: AccountId): StoredOrders | null {
  const text = readStored(keptOrdersKey(accountId));
  if (!text) return null;
  try {
    const kept = JSON.parse(text) as StoredOrders;
    return Array.isArray(kept.orders) ? kept : null;
  } catch {
    return null;
  }
}

/**
 * Reads the account's orders and keeps a copy on the device; when the read fails (offline, the
 * server down) the copy is shown instead, so a picker in a dead spot still has the pick list.
 */
export async function readOrdersKeepingCopy(
  accountId: AccountId,
  read: () => Promise<StoredOrders> = getStoredOrders,
): Promise<StoredOrders> {
  try {
    const orders = await read();
    writeStored(keptOrdersKey(accountId), JSON.stringify(orders));
    return orders;
  } catch (error) {
    const kept = readKeptOrders(accountId);
    if (kept) return { ...kept, fromDevice: true };
    throw error;
  }
}

/**
 * The account's stored orders; live sync reads them again when a fetch lands (the
 * ebay_order_fetches row, src/pages/dashboard/live-sync-status.tsx).
 */
export function useOrders(accountId: AccountId, enabled: boolean) {
  return useQuery({
    queryKey: ebayKeys.orders(accountId),
    queryFn: () => readOrdersKeepingCopy(accountId),
    // Offline the read is still tried once, so it fails to the device's copy instead of waiting.
    networkMode: 'offlineFirst',
    enabled: enabled && Boolean(accountId),
  });
}

/** Refresh: the server fetches for the account; the stored orders are then read again. */
export function useRefreshOrders(accountId: AccountId, country: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshOrders(country),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ebayKeys.orders(accountId) }),
  });
}
